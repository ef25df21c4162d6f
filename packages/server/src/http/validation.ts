import type { FastifySchemaValidationError } from 'fastify';
import { isMessageKey, type MessageKey, type MessageParams } from './messages/index.js';

interface Described {
  key: MessageKey;
  params: MessageParams;
}

interface NestedIssue {
  code?: string;
  message?: string;
}

/** The first nested issue of a failed union that names one of our rules, if any. */
function fromUnion(params: Record<string, unknown>): Described | undefined {
  const branches = (params.errors as NestedIssue[][] | undefined) ?? [];
  const issues = branches.flat();
  if (issues.some((issue) => issue.message?.includes('received undefined'))) {
    return { key: 'rule.required', params: {} };
  }
  const ours = issues.find((issue) => issue.message && isMessageKey(issue.message));
  return ours ? { key: ours.message as MessageKey, params: {} } : undefined;
}

/** Turns one zod issue into a message key of our catalog with its parameters. */
export function describeIssue(issue: FastifySchemaValidationError): Described {
  const params = (issue.params ?? {}) as Record<string, unknown>;
  const message = issue.message ?? '';
  if (isMessageKey(message)) {
    const limit = params.maximum ?? params.minimum;
    return { key: message, params: { max: String(limit ?? ''), min: String(limit ?? '') } };
  }
  switch (issue.keyword) {
    case 'invalid_type':
      return message.includes('received undefined')
        ? { key: 'rule.required', params: {} }
        : { key: 'rule.type', params: { expected: String(params.expected ?? '') } };
    case 'too_small':
      return params.origin === 'string'
        ? { key: 'rule.too_short', params: { min: String(params.minimum) } }
        : { key: 'rule.too_small', params: { min: String(params.minimum) } };
    case 'too_big':
      return params.origin === 'string'
        ? { key: 'rule.too_long', params: { max: String(params.maximum) } }
        : { key: 'rule.too_big', params: { max: String(params.maximum) } };
    case 'invalid_union':
      return fromUnion(params) ?? { key: 'rule.invalid', params: {} };
    default:
      return { key: 'rule.invalid', params: {} };
  }
}

/** The field a validation issue is about: its path, or the part of the request. */
export function fieldOf(issue: FastifySchemaValidationError, context: string | undefined): string {
  const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  return path || context || 'request';
}

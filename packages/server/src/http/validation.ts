import type { FastifySchemaValidationError } from 'fastify';
import { z } from 'zod';
import { isMessageKey, type MessageKey, type MessageParams } from '../platform/messages/index.js';

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

/** The object shapes a request schema may take: an object, each branch of a union, a pipe's input. */
function shapesOf(schema: unknown, depth = 0): Record<string, z.ZodType>[] {
  if (depth > 8 || !(schema instanceof z.ZodType)) return [];
  if (schema instanceof z.ZodObject) return [schema.shape as Record<string, z.ZodType>];
  if (schema instanceof z.ZodUnion || schema instanceof z.ZodDiscriminatedUnion) {
    return (schema.options as unknown[]).flatMap((option) => shapesOf(option, depth + 1));
  }
  if (schema instanceof z.ZodPipe) return shapesOf(schema.in, depth + 1);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault) {
    return shapesOf(schema.unwrap(), depth + 1);
  }
  return [];
}

/**
 * The spec's client sends an empty string for "All" and for a choice left unset (`currency_id=`,
 * `area_id: ""`, `target_price: ""`). A field whose value is empty (or only spaces) counts as absent
 * wherever the schema lets that field be absent; a required field keeps its empty value, so its own
 * rule answers. Pure: answers a copy, or the input when nothing changes.
 */
export function emptyAsAbsent(schema: unknown, data: unknown): unknown {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return data;
  const entries = Object.entries(data as Record<string, unknown>);
  const empty = entries.filter(([, value]) => typeof value === 'string' && value.trim() === '');
  if (empty.length === 0) return data;
  const shapes = shapesOf(schema);
  const absentOk = (key: string): boolean => {
    // Own fields only: a body key named `valueOf` or `constructor` must not find the prototype's.
    const fields = shapes.filter((shape) => Object.hasOwn(shape, key)).map((shape) => shape[key]!);
    return fields.length > 0 && fields.every((field) => field.safeParse(undefined).success);
  };
  const drop = new Set(empty.map(([key]) => key).filter(absentOk));
  if (drop.size === 0) return data;
  return Object.fromEntries(entries.filter(([key]) => !drop.has(key)));
}

import { forbidSchemaEval } from '@oex/protocol';

// First of main's imports, so it runs before any module makes a schema: the page's Content
// Security Policy forbids eval, and zod would otherwise try it once to see if it may compile.
forbidSchemaEval();

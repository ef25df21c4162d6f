import { PAY_METHOD_CODES, type Lang, type PayMethodCode, type PayMethodType } from '@oex/protocol';
import { readFileSync } from 'node:fs';
import { serverPath } from '../lib/paths.js';

/** The ID number as shown back to its owner: the first and last two characters, the rest hidden. */
export function maskCardId(cardId: string): string {
  const text = cardId.replace(/\s+/g, '');
  if (text.length <= 4) return '*'.repeat(text.length);
  return `${text.slice(0, 2)}${'*'.repeat(text.length - 4)}${text.slice(-2)}`;
}

/** The identity states a user may submit from: none yet (0) or rejected (3). */
export function maySubmitIdentity(reviewStatus: number): boolean {
  return reviewStatus === 0 || reviewStatus === 3;
}

interface TypesFile {
  types: { id: number; code: string; names: Partial<Record<Lang, string>> & { en: string } }[];
}

let typesFile: TypesFile | undefined;

/** The payment method types of the data file, named in `lang` (English where a name is missing). */
export function payMethodTypes(lang: Lang): PayMethodType[] {
  typesFile ??= JSON.parse(
    readFileSync(serverPath('src/personal/pay-method-types.json'), 'utf8'),
  ) as TypesFile;
  return typesFile.types
    .filter((type): type is TypesFile['types'][number] & { code: PayMethodCode } =>
      (PAY_METHOD_CODES as readonly string[]).includes(type.code),
    )
    .map((type) => ({ id: type.id, code: type.code, name: type.names[lang] ?? type.names.en }));
}

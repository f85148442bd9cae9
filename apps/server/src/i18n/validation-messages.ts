import type { FieldIssue } from '@erp/domain';
// The web's Croatian texts are the one source of the server's validation messages. The import puts
// the file into the production bundle (esbuild inlines JSON), so the built server needs no web
// checkout to answer in Croatian; tsx and the tests read it the same way.
import common from '../../../web/public/locales/hr/common.json' with { type: 'json' };

/** The namespaces whose keys the server sends in `details[].key` (see domain `zodIssuesToFieldIssues`). */
const SECTIONS = { validation: common.validation, 'auth.errors': common.auth.errors };

const TEXTS = new Map<string, string>(
  Object.entries(SECTIONS).flatMap(([prefix, texts]) =>
    Object.entries(texts as Record<string, unknown>)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .map(([key, text]) => [`${prefix}.${key}`, text]),
  ),
);

const FALLBACK_KEY = 'validation.invalid';

/** Whether `key` has its own Croatian text (not the 'invalid value' fallback). */
export function hasCroatianText(key: string): boolean {
  return TEXTS.has(key);
}

/** One issue's Croatian text from `hr/common.json`, its `{{param}}` placeholders filled in. */
export function croatianText(issue: Pick<FieldIssue, 'key' | 'params'>): string {
  const text = TEXTS.get(issue.key) ?? TEXTS.get(FALLBACK_KEY) ?? '';
  return text.replace(/\{\{\s*-?\s*(\w+)\s*\}\}/g, (placeholder, name: string) => {
    const value = issue.params?.[name];
    return value === undefined ? placeholder : String(value);
  });
}

/** The `message` of a `400 VALIDATION` answer: every issue's Croatian text, joined by "; ". */
export function croatianMessage(issues: FieldIssue[]): string {
  return issues.map(croatianText).join('; ');
}

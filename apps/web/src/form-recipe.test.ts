import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SRC_DIR, sourceFiles } from './i18n-tests/source-scan.ts';

// Issue 20, deliverable 5: one form recipe for every editor. A screen that renders a <form>
// validates it with react-hook-form and the domain's zod schema (`useZodForm` of
// components/editing/zod-form.ts, `useSettingsForm` of settings-form.ts for a settings card, or
// `useForm` with `zodResolver`), never with its own
// `useState` + `safeParse` or with no check before the request.
const FORM = /<form[\s>]/;
const RECIPE = /\buse(?:Zod|Settings)?Form\s*(?:<[^>]*(?:<[^>]*>[^>]*)*>)?\(/;

/**
 * Editors still on their own recipe, to convert. The list only shrinks: an entry that already
 * follows the recipe (or no longer renders a form) fails the test below, so remove it.
 */
const NOT_YET = new Set<string>([]);

/** Forms that are not editors of a record, with the reason; keep this list short. */
const EXCEPTIONS: Record<string, string> = {
  'features/purchase-invoices/purchase-invoice-upload.tsx':
    "a file picker: the request is the chosen XML file itself, checked by the server's validators, whose failed rules the page lists",
  'features/warehouse-scan/warehouse-scan-page.tsx':
    'scan steps, not an editor: the lot and quantity forms are single steps of the scan state machine (scan-state.ts reads the quantity with the domain positiveDecimal), answered by the scan feedback bar and sound; the third is the manual code lookup box',
};

/**
 * Grid editors are not forms (a document's lines, a stock count's lines; the lines of a purchase
 * order or receipt inside their form): they render the shared line grid (components/line-grid),
 * whose cells are checked by their columns as they are typed and saved as a list of lines. The
 * rule above does not reach them, and the grid itself renders no <form>.
 */
const LINE_GRID = 'components/line-grid/line-grid.tsx';

describe('the form recipe: every <form> is a react-hook-form with the domain schema', () => {
  const screens = sourceFiles(SRC_DIR, /\.tsx$/).map((f) => ({
    path: relative(SRC_DIR, f),
    text: readFileSync(f, 'utf8'),
  }));
  const forms = screens.filter((s) => FORM.test(s.text));

  it('recognises a form and the recipe', () => {
    expect(FORM.test('<form onSubmit={submit} noValidate>')).toBe(true);
    expect(FORM.test('<formatted value={x} />')).toBe(false);
    expect(RECIPE.test('const form = useZodForm(countCreateSchema, { defaultValues })')).toBe(true);
    expect(RECIPE.test('useZodForm<typeof schema, Values>(schema, {})')).toBe(true);
    expect(RECIPE.test('useForm<A, unknown, B>({ resolver })')).toBe(true);
    expect(RECIPE.test('const settings = useSettingsForm(schema, toForm(initial), failed);')).toBe(true);
    expect(RECIPE.test('const s = schema.safeParse(values)')).toBe(false);
    expect(RECIPE.test('const { errors } = useFormMessages(form)')).toBe(false);
  });

  it('every .tsx file that renders a <form> uses the recipe', () => {
    expect(forms.length).toBeGreaterThan(20);
    const wrong = forms
      .filter((s) => !NOT_YET.has(s.path) && !(s.path in EXCEPTIONS))
      .filter((s) => !RECIPE.test(s.text))
      .map((s) => s.path);
    expect(wrong).toEqual([]);
  });

  it('the NOT_YET list only shrinks: each entry still renders a form without the recipe', () => {
    const done = [...NOT_YET].filter((path) => {
      const s = screens.find((x) => x.path === path);
      return !s || !FORM.test(s.text) || RECIPE.test(s.text);
    });
    expect(done, 'remove these from NOT_YET').toEqual([]);
  });

  it('the line grid of the grid editors renders no form', () => {
    const grid = screens.find((s) => s.path === LINE_GRID);
    expect(grid, LINE_GRID).toBeDefined();
    expect(FORM.test(grid?.text ?? '')).toBe(false);
  });

  it('each exception still renders a form and names its reason', () => {
    for (const [path, reason] of Object.entries(EXCEPTIONS)) {
      expect(
        forms.some((s) => s.path === path),
        path,
      ).toBe(true);
      expect(reason.length, path).toBeGreaterThan(10);
    }
  });
});

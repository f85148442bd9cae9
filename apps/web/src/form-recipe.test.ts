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

/**
 * An editor without a <form> tag: a screen off the recipe that keeps a typed value in React state
 * (`onChange={(e) => setX(… e.target.value …)}`) and sends a request (`.mutate(`). A filter kept in
 * the URL (`set('from', e.target.value)`, a string key first) is not an editor and does not match.
 * A search box on a page that also saves something matches too, which is why the rule lists the
 * files to look at rather than fail on each: these still hold typed values in useState and send them. The list only
 * shrinks (an entry that no longer matches fails below); a new file that matches fails the test.
 */
const STATE_INPUT = /onChange=\{\(e\) =>\s*set(?:[A-Z]\w*)?\((?!['"])[^)]*e\.target\.(?:value|checked)/;
const SENDS = /\.mutate(?:Async)?\(/;
const STATE_EDITORS: Record<string, string> = {
  'features/suppliers/supplier-items.tsx':
    'the match is its search box; the supplier prices are a table of rows saved as one list (a grid)',
};

/**
 * Every form on the recipe warns before unsaved changes are left (UX.md), except these: forms
 * whose typed content is not a record being edited, with the reason.
 */
const NO_GUARD: Record<string, string> = {
  'features/public/auth-form.tsx': 'sign-in and sign-up: nothing of the company is edited',
  'features/team/invite-page.tsx': 'accepting an invitation: a one-time sign-up, not a record',
  'features/password-reset/forgot-password-page.tsx': 'asks for a reset link: one address, nothing stored',
  'features/password-reset/reset-password-page.tsx': 'a new password typed twice, not a record',
  'features/invoices/advances.tsx': 'the advance dialog: one number, closed with its own Cancel',
  'features/saved-views/saved-views.tsx': "a view's name in a dialog that closes with its own Cancel",
  'features/shop-floor/shop-floor-page.tsx':
    'the terminal step that finishes an operation: sent at once at the machine, then the next order',
  'features/documents/window-spec.tsx':
    "a line's window dialog: Apply puts it into the document's lines, whose page guard asks",
  'features/documents/work-order-op-forms.tsx':
    'one number (minutes) or one check per operation, sent with its own button in the row',
  'features/warehouse-scan/warehouse-scan-page.tsx': 'scan steps (see EXCEPTIONS above)',
};

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

  it('an editor without a <form> (typed values in useState, then a request) is listed', () => {
    expect(STATE_INPUT.test('onChange={(e) => setDraft({ ...draft, name: e.target.value })}')).toBe(true);
    expect(STATE_INPUT.test('onChange={(e) => setFile(e.target.files?.[0] ?? null)}')).toBe(false);
    expect(STATE_INPUT.test("onChange={(e) => set('from', e.target.value || null)}")).toBe(false);
    expect(STATE_INPUT.test('onChange={(e) => set({ client_id: e.target.value })}')).toBe(true);
    const found = screens
      .filter((s) => !RECIPE.test(s.text) && STATE_INPUT.test(s.text) && SENDS.test(s.text))
      .map((s) => s.path)
      .sort();
    expect(found).toEqual(Object.keys(STATE_EDITORS).sort());
  });

  it('every form on the recipe renders the unsaved-changes guard, or says why not', () => {
    const missing = forms
      .filter((s) => RECIPE.test(s.text) && !s.text.includes('<UnsavedChangesGuard'))
      .map((s) => s.path)
      .filter((path) => !(path in NO_GUARD));
    expect(missing).toEqual([]);
    for (const [path, reason] of Object.entries(NO_GUARD)) {
      const s = forms.find((x) => x.path === path);
      expect(s, path).toBeDefined();
      expect(s?.text.includes('<UnsavedChangesGuard'), path).toBe(false);
      expect(reason.length, path).toBeGreaterThan(10);
    }
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

import { createRef } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { VirtualBody } from './virtual-body.tsx';

const ROW = 36;

/** The body as HTML, with the rows and the spacers' heights read back from it. */
function render(count: number, overscan?: number) {
  const rows = Array.from({ length: count }, (_, i) => ({ id: `r${i}` }));
  const html = renderToString(
    <table>
      <VirtualBody
        rows={rows}
        scrollRef={createRef<HTMLDivElement>()}
        rowHeight={ROW}
        overscan={overscan}
        colSpan={3}
        at=""
        row={(r, index) => (
          <tr key={r.id} data-row={index} style={{ height: ROW }}>
            <td>{r.id}</td>
          </tr>
        )}
      />
    </table>,
  );
  const rendered = [...html.matchAll(/data-row="(\d+)"/g)].map((m) => Number(m[1]));
  const spacers = [...html.matchAll(/<tr style="height:(\d+)px"><td colSpan="3"/g)].map((m) => Number(m[1]));
  return { rendered, spacers };
}

describe("the data table's virtualised body", () => {
  it('puts only the first rows of 10 000 in the page, in order, and keeps the scroll height of all', () => {
    const { rendered, spacers } = render(10_000, 5);
    expect(rendered.length).toBeGreaterThan(0);
    expect(rendered.length).toBeLessThan(50);
    expect(rendered).toEqual(rendered.map((_, i) => i));
    // Nothing above the first row; below it, the height of every row not rendered.
    expect(spacers).toEqual([(10_000 - rendered.length) * ROW]);
  });

  it('renders every row of a short list and no spacer', () => {
    const { rendered, spacers } = render(3);
    expect(rendered).toEqual([0, 1, 2]);
    expect(spacers).toEqual([]);
  });
});

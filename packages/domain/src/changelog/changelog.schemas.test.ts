import { describe, expect, it } from 'vitest';
import { changelogCreateSchema, changelogUpdateSchema } from './changelog.schemas.ts';

describe('changelog update', () => {
  it('changes only what it sends: a new title keeps the items and the publication', () => {
    expect(changelogUpdateSchema.parse({ title: 'Krojne liste' })).toEqual({ title: 'Krojne liste' });
    expect(changelogCreateSchema.parse({ title: 'A', version: '1.0.0', type: 'feature' })).toMatchObject({
      items: [],
      is_published: false,
    });
  });
});

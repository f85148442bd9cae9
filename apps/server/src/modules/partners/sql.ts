// The SQL helpers live in db/sql.ts (one definition). This name remains only for the documents
// file that still imports it from here; it goes when that file moves (issue 20).
export { rows } from '../../db/sql.ts';

// The SQL helpers live in db/sql.ts (one definition). These names remain only for the documents
// and e-invoice files that still import them from here; they go when those files move (issue 20).
export { rows as query, uuids as uuidArray } from '../../db/sql.ts';

-- A failed background job keeps the translated issues of its error (field, i18n key, params) beside
-- its text: a cutting run refused for a piece no sheet holds names the piece and its size
-- (`{field: 'pieces', key: 'validation.cuttingPieceTooLarge', params: {piece, size}}`), where
-- before only the key was stored. Null when the error carries none.
alter table jobs add column error_details jsonb;

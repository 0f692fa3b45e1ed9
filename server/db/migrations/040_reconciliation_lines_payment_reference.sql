-- Issue 16 (decision 060): a reconciliation line names the portal payment it matched or lacks, and that reference was a
-- foreign key. Its check locks each named payment (KEY SHARE), a write to that payment's page: a 10,000-line statement
-- of one day at a million customers named 17,953 payments, each on its own page of a 12.9-million-row table. After a
-- checkpoint each of those writes is a full 8 kB page image in the WAL, which brought the next checkpoint sooner, and
-- one upload in fifteen took seconds longer. The reference is now a plain column. What the key kept is kept instead
-- by refusing what could break it: a payment is never deleted and its id never changes (the portal does neither).
-- The function bodies are one line each: migrate.ts splits statements on a semicolon that ends a line.

ALTER TABLE reconciliation_lines DROP CONSTRAINT reconciliation_lines_transaction_row_id_fkey;

CREATE FUNCTION transactions_kept() RETURNS trigger LANGUAGE plpgsql AS
  $$ BEGIN RAISE EXCEPTION 'a payment is never deleted and its id never changes (decision 060)' USING ERRCODE = 'restrict_violation'; END $$;
CREATE TRIGGER transactions_never_deleted BEFORE DELETE ON transactions FOR EACH STATEMENT EXECUTE FUNCTION transactions_kept();
CREATE TRIGGER transactions_id_kept BEFORE UPDATE OF id ON transactions FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id)
  EXECUTE FUNCTION transactions_kept();

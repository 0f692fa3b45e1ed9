-- Issue 16 (decision 084): the first deposits lists showed each wizard's receipt by looking up its last push along the
-- attempts' key, four index pages a row. The wizard now carries its last push's receipt, as it carries that push's
-- provider (migration 030). The trigger below writes it whenever a push is made or a push's receipt changes (paid,
-- failed, or paid late after it was given up), whoever writes it.
-- A function's body stays on one line where it ends a statement: migrate.ts splits on a semicolon that ends a line.

ALTER TABLE first_deposits ADD COLUMN receipt text;
UPDATE first_deposits f SET receipt = x.receipt
  FROM deposit_attempts x
 WHERE x.wizard_id = f.wizard_id AND x.receipt IS NOT NULL
   AND x.attempt = (SELECT max(y.attempt) FROM deposit_attempts y WHERE y.wizard_id = f.wizard_id);

CREATE FUNCTION first_deposit_receipt() RETURNS trigger LANGUAGE plpgsql AS
  $$ BEGIN UPDATE first_deposits f SET receipt = NEW.receipt WHERE f.wizard_id = NEW.wizard_id AND f.receipt IS DISTINCT FROM NEW.receipt AND NOT EXISTS (SELECT 1 FROM deposit_attempts y WHERE y.wizard_id = NEW.wizard_id AND y.attempt > NEW.attempt); RETURN NULL; END $$;
CREATE TRIGGER deposit_attempts_receipt AFTER INSERT OR UPDATE OF receipt ON deposit_attempts
  FOR EACH ROW EXECUTE FUNCTION first_deposit_receipt();

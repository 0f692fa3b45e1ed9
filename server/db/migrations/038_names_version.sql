-- Issue 16 (decision 057): the lists show the names of the portal's small tables (a row's store and its region, agent,
-- collector or maker, phone model), each read through an index for every row of every page: 200 of the 775 buffers
-- of a page of every defaulter at a million customers. Each copy of the server now keeps those names
-- (server/domain/names.ts) and a page reads only their ids, with this one-row version: a statement that may change a
-- kept name moves it on, in the writer's own transaction, so a page whose snapshot sees a newer version than the
-- kept names reads them again before it is answered.
-- The function body is one line: migrate.ts splits statements on a semicolon that ends a line.

CREATE TABLE names_version (
  one boolean PRIMARY KEY DEFAULT true CHECK (one),
  version bigint NOT NULL
);
INSERT INTO names_version (one, version) VALUES (true, 1);

CREATE FUNCTION names_changed() RETURNS trigger LANGUAGE plpgsql AS
  $$ BEGIN UPDATE names_version SET version = version + 1; RETURN NULL; END $$;

-- Once per statement, whatever its rows: a statement that changes none still moves the version, which only costs a
-- reread of the names. Only the columns the names are made of count for an update.
CREATE TRIGGER regions_names AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF name ON regions
  FOR EACH STATEMENT EXECUTE FUNCTION names_changed();
CREATE TRIGGER stores_names AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF name, region_id ON stores
  FOR EACH STATEMENT EXECUTE FUNCTION names_changed();
CREATE TRIGGER agents_names AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF full_name ON agents
  FOR EACH STATEMENT EXECUTE FUNCTION names_changed();
CREATE TRIGGER admins_names AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF username, full_name ON admins
  FOR EACH STATEMENT EXECUTE FUNCTION names_changed();
CREATE TRIGGER phone_models_names AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF brand, name ON phone_models
  FOR EACH STATEMENT EXECUTE FUNCTION names_changed();
CREATE TRIGGER phone_prices_names AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF phone_model_id ON phone_prices
  FOR EACH STATEMENT EXECUTE FUNCTION names_changed();

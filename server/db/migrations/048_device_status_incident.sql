-- Issue 16: each row of the device lists (damaged, lost, suspended IMEIs) shows the incident that put the device in
-- its state: its newest incident of the kind its status names. Each page looked that incident up per row. On the demo
-- data that table is one page, so the planner read all of it for every row, then sorted what it found: 120 of the
-- damaged page's 335 microseconds. The device now keeps that incident's id, and a page joins it by primary key.
-- Like the list totals (migration 032), triggers keep it in the same transaction as the change that moves it, so no
-- writer can forget it: a device whose status changes points at its newest incident of the new kind (none when it
-- leaves the lists), and a new incident of the device's current kind becomes the one it points at when it is newest.
-- The function bodies are one line each: migrate.ts splits statements on a semicolon that ends a line.

ALTER TABLE devices ADD COLUMN status_incident_id bigint REFERENCES device_incidents (id);

-- A device's newest incident of one kind, in the order of device_incidents_latest_idx (migration 036).
CREATE FUNCTION newest_device_incident(device bigint, incident_kind text) RETURNS bigint LANGUAGE sql STABLE AS
  $$ SELECT x.id FROM device_incidents x WHERE x.device_id = device AND x.kind = incident_kind ORDER BY x.occurred_on DESC, x.created_at DESC, x.id DESC LIMIT 1 $$;

UPDATE devices d SET status_incident_id = newest_device_incident(d.id, d.status) WHERE d.status IN ('stolen', 'lost', 'damaged');

CREATE FUNCTION keep_status_incident_of_device() RETURNS trigger LANGUAGE plpgsql AS
  $$ BEGIN NEW.status_incident_id := CASE WHEN NEW.status IN ('stolen', 'lost', 'damaged') THEN newest_device_incident(NEW.id, NEW.status) END; RETURN NEW; END $$;

CREATE FUNCTION keep_status_incident_of_incident() RETURNS trigger LANGUAGE plpgsql AS
  $$ BEGIN UPDATE devices d SET status_incident_id = newest_device_incident(d.id, d.status) WHERE d.id = NEW.device_id AND d.status = NEW.kind; RETURN NULL; END $$;

-- A device is inserted with no incident (each incident names an existing device), so only a change of status moves
-- it. The incidents are written once and never edited: only a new one can move it.
CREATE TRIGGER devices_status_incident BEFORE UPDATE OF status ON devices
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION keep_status_incident_of_device();
CREATE TRIGGER device_incidents_status_incident AFTER INSERT ON device_incidents
  FOR EACH ROW WHEN (NEW.kind IN ('stolen', 'lost', 'damaged')) EXECUTE FUNCTION keep_status_incident_of_incident();

-- Each row's loan (the active one, else the newest) was found by device and then sorted per row. This index holds a
-- device's loans in that order, so the first entry read is the one; it also serves every lookup by device, so the
-- index on device_id alone (migration 002) goes.
CREATE INDEX loans_device_latest_idx ON loans (device_id, (status = 'active') DESC, started_at DESC, id DESC);
DROP INDEX loans_device_idx;

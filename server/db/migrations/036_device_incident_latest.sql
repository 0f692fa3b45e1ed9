-- Issue 16: the device lists (damaged, lost, suspended IMEIs) show each device's newest incident of the kind its
-- status names. The index on (device_id, occurred_on) found a device's incidents, then each was checked for its kind
-- and sorted; this one holds them by kind in the list's own order, so the newest is the first entry read.
CREATE INDEX device_incidents_latest_idx ON device_incidents (device_id, kind, occurred_on DESC, created_at DESC, id DESC);

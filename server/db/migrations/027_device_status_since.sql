-- Issue 16: the device lists (damaged, lost, suspended IMEIs) are ordered by the day the device entered its state,
-- newest first. That day lived only in device_incidents, so every page joined each listed device to its newest
-- incident and sorted them all: tens of thousands of lookups per page at a million customers. The day is now kept on
-- the device itself, written with the status in the same statement (decision 031), and the lists walk an index in
-- their order and stop after one page.
-- Plain PostgreSQL 15 / PGlite SQL: no extensions, no functions, no semicolons in comments.

ALTER TABLE devices ADD COLUMN status_since date;

UPDATE devices d
   SET status_since = (SELECT max(i.occurred_on) FROM device_incidents i WHERE i.device_id = d.id AND i.kind = d.status)
 WHERE d.status IN ('stolen', 'lost', 'damaged');

-- One status (damaged, lost): its range of this index, already in the list's order, also counted from it alone.
DROP INDEX devices_listed_status_idx;
CREATE INDEX devices_listed_status_idx ON devices (status, status_since DESC NULLS LAST, id DESC)
  WHERE status IN ('stolen', 'lost', 'damaged');

-- Several statuses (suspended IMEIs: stolen or lost): every listed device in the list's order, filtered by status.
CREATE INDEX devices_listed_since_idx ON devices (status_since DESC NULLS LAST, id DESC, status)
  WHERE status IN ('stolen', 'lost', 'damaged');

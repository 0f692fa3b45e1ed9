-- Stock turn (decision 017): the handsets of a period are those sold in it or after it, and those never sold; the
-- index finds both (sold_at >= start, sold_at IS NULL) without reading every handset ever stocked.
CREATE INDEX inventory_items_sold_idx ON inventory_items (sold_at);

-- pictures: each map kept once, however many rows show it. A phase's map is in the report of
-- every viewer (its SVG) and in every mail of that phase (its PNG, base64): kept in each row, a
-- results mail was 52 kB of which 50 the map, written again whole when it was recorded sent.
-- A row holds a reference in its place (pbem/store/pictures.py writes it and puts it back).
CREATE TABLE IF NOT EXISTS pictures (
    digest TEXT PRIMARY KEY,          -- sha256 of data, hex
    data {blob} NOT NULL
);

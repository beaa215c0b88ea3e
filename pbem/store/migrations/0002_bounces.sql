-- Bounces matched to the mail they report, and the addresses a player moved from (issue 31):
-- outbox.bounced_by, the stored bounce (messages row) that reported the mail undelivered;
-- players.former_addresses, a JSON list, oldest first, where a player is told of a bounce.

ALTER TABLE outbox ADD COLUMN bounced_by INTEGER;
ALTER TABLE players ADD COLUMN former_addresses TEXT NOT NULL DEFAULT '[]';

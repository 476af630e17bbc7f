CREATE TABLE `participant_search_tokens` (
	`event_id` integer NOT NULL,
	`token` text NOT NULL,
	`participant_id` integer NOT NULL,
	PRIMARY KEY(`event_id`, `token`, `participant_id`)
);--> statement-breakpoint
-- Every suffix of 3+ characters of each space-separated word of search_text, cut to 16 characters (decision 0069).
INSERT OR IGNORE INTO `participant_search_tokens` (`event_id`, `token`, `participant_id`)
	SELECT `participants`.`event_id`, substr(w.value, p.key + 1, 16), `participants`.`id` FROM `participants`, json_each('[' || replace(json_quote(lower(participants.`search_text`)), ' ', '","') || ']') AS w, json_each('[' || rtrim(replace(hex(zeroblob(max(length(w.value) - 2, 0))), '00', '0,'), ',') || ']') AS p;--> statement-breakpoint
CREATE TRIGGER `participant_search_tokens_insert` AFTER INSERT ON `participants` BEGIN
	INSERT OR IGNORE INTO `participant_search_tokens` (`event_id`, `token`, `participant_id`)
	SELECT new.`event_id`, substr(w.value, p.key + 1, 16), new.`id` FROM json_each('[' || replace(json_quote(lower(new.`search_text`)), ' ', '","') || ']') AS w, json_each('[' || rtrim(replace(hex(zeroblob(max(length(w.value) - 2, 0))), '00', '0,'), ',') || ']') AS p;
END;--> statement-breakpoint
CREATE TRIGGER `participant_search_tokens_update` AFTER UPDATE OF `search_text`, `event_id` ON `participants`
WHEN old.`search_text` IS NOT new.`search_text` OR old.`event_id` IS NOT new.`event_id` BEGIN
	DELETE FROM `participant_search_tokens` WHERE `event_id` = old.`event_id` AND `participant_id` = old.`id`
	AND `token` IN (SELECT substr(w.value, p.key + 1, 16) FROM json_each('[' || replace(json_quote(lower(old.`search_text`)), ' ', '","') || ']') AS w, json_each('[' || rtrim(replace(hex(zeroblob(max(length(w.value) - 2, 0))), '00', '0,'), ',') || ']') AS p);
	INSERT OR IGNORE INTO `participant_search_tokens` (`event_id`, `token`, `participant_id`)
	SELECT new.`event_id`, substr(w.value, p.key + 1, 16), new.`id` FROM json_each('[' || replace(json_quote(lower(new.`search_text`)), ' ', '","') || ']') AS w, json_each('[' || rtrim(replace(hex(zeroblob(max(length(w.value) - 2, 0))), '00', '0,'), ',') || ']') AS p;
END;--> statement-breakpoint
CREATE TRIGGER `participant_search_tokens_delete` AFTER DELETE ON `participants` BEGIN
	DELETE FROM `participant_search_tokens` WHERE `event_id` = old.`event_id` AND `participant_id` = old.`id`
	AND `token` IN (SELECT substr(w.value, p.key + 1, 16) FROM json_each('[' || replace(json_quote(lower(old.`search_text`)), ' ', '","') || ']') AS w, json_each('[' || rtrim(replace(hex(zeroblob(max(length(w.value) - 2, 0))), '00', '0,'), ',') || ']') AS p);
END;

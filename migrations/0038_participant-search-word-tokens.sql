-- The participants search matches typed words at the start of words (decision 0074), words being separated by spaces
-- and by . @ - _ + ' ’. Tokens: from each word start (the start of a space-separated word, or after a separator,
-- not a separator itself, 3+ characters left), the text to the end of its space-separated word, cut to 16; for each
-- pair of different words among the first 20 once separators are spaces, a space, the first's 3 first characters, a
-- space and the second cut to 16; ' *' for a text of more than 20 such words. domain/participants/search-tokens.ts
-- writes the same in JS and its test compares both. Replaces the suffix tokens of migration 0034.
DROP TRIGGER IF EXISTS `participant_search_tokens_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `participant_search_tokens_update`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `participant_search_tokens_delete`;--> statement-breakpoint
DELETE FROM `participant_search_tokens`;--> statement-breakpoint
INSERT OR IGNORE INTO `participant_search_tokens` (`event_id`, `token`, `participant_id`)
	SELECT participants.`event_id`, substr(w.value, p.key + 1, 16), participants.`id` FROM `participants`, json_each('[' || replace(json_quote(lower(participants.`search_text`)), ' ', '","') || ']') AS w, json_each('[' || rtrim(replace(hex(zeroblob(max(length(w.value) - 2, 0))), '00', '0,'), ',') || ']') AS p
		WHERE (p.key = 0 OR instr('.@-_+''’', substr(w.value, p.key, 1)) > 0) AND instr('.@-_+''’', substr(w.value, p.key + 1, 1)) = 0
	UNION ALL SELECT participants.`event_id`, ' ' || substr(a.value, 1, 3) || ' ' || substr(b.value, 1, 16), participants.`id` FROM `participants`, json_each('[' || replace(json_quote(replace(replace(replace(replace(replace(replace(replace(lower(participants.`search_text`), '.', ' '), '@', ' '), '-', ' '), '_', ' '), '+', ' '), '''', ' '), '’', ' ')), ' ', '","') || ']') AS a, json_each('[' || replace(json_quote(replace(replace(replace(replace(replace(replace(replace(lower(participants.`search_text`), '.', ' '), '@', ' '), '-', ' '), '_', ' '), '+', ' '), '''', ' '), '’', ' ')), ' ', '","') || ']') AS b
		WHERE a.key < 20 AND b.key < 20 AND a.value <> b.value AND length(a.value) >= 3 AND length(b.value) >= 3
	UNION ALL SELECT participants.`event_id`, ' *', participants.`id` FROM `participants` WHERE json_array_length('[' || replace(json_quote(replace(replace(replace(replace(replace(replace(replace(lower(participants.`search_text`), '.', ' '), '@', ' '), '-', ' '), '_', ' '), '+', ' '), '''', ' '), '’', ' ')), ' ', '","') || ']') > 20;--> statement-breakpoint
CREATE TRIGGER `participant_search_tokens_insert` AFTER INSERT ON `participants` BEGIN
	INSERT OR IGNORE INTO `participant_search_tokens` (`event_id`, `token`, `participant_id`)
	SELECT new.`event_id`, substr(w.value, p.key + 1, 16), new.`id` FROM json_each('[' || replace(json_quote(lower(new.`search_text`)), ' ', '","') || ']') AS w, json_each('[' || rtrim(replace(hex(zeroblob(max(length(w.value) - 2, 0))), '00', '0,'), ',') || ']') AS p
		WHERE (p.key = 0 OR instr('.@-_+''’', substr(w.value, p.key, 1)) > 0) AND instr('.@-_+''’', substr(w.value, p.key + 1, 1)) = 0
	UNION ALL SELECT new.`event_id`, ' ' || substr(a.value, 1, 3) || ' ' || substr(b.value, 1, 16), new.`id` FROM json_each('[' || replace(json_quote(replace(replace(replace(replace(replace(replace(replace(lower(new.`search_text`), '.', ' '), '@', ' '), '-', ' '), '_', ' '), '+', ' '), '''', ' '), '’', ' ')), ' ', '","') || ']') AS a, json_each('[' || replace(json_quote(replace(replace(replace(replace(replace(replace(replace(lower(new.`search_text`), '.', ' '), '@', ' '), '-', ' '), '_', ' '), '+', ' '), '''', ' '), '’', ' ')), ' ', '","') || ']') AS b
		WHERE a.key < 20 AND b.key < 20 AND a.value <> b.value AND length(a.value) >= 3 AND length(b.value) >= 3
	UNION ALL SELECT new.`event_id`, ' *', new.`id` WHERE json_array_length('[' || replace(json_quote(replace(replace(replace(replace(replace(replace(replace(lower(new.`search_text`), '.', ' '), '@', ' '), '-', ' '), '_', ' '), '+', ' '), '''', ' '), '’', ' ')), ' ', '","') || ']') > 20;
END;--> statement-breakpoint
CREATE TRIGGER `participant_search_tokens_update` AFTER UPDATE OF `search_text`, `event_id` ON `participants`
WHEN old.`search_text` IS NOT new.`search_text` OR old.`event_id` IS NOT new.`event_id` BEGIN
	DELETE FROM `participant_search_tokens` WHERE `event_id` = old.`event_id` AND `participant_id` = old.`id`
	AND `token` IN (SELECT substr(w.value, p.key + 1, 16) FROM json_each('[' || replace(json_quote(lower(old.`search_text`)), ' ', '","') || ']') AS w, json_each('[' || rtrim(replace(hex(zeroblob(max(length(w.value) - 2, 0))), '00', '0,'), ',') || ']') AS p
			WHERE (p.key = 0 OR instr('.@-_+''’', substr(w.value, p.key, 1)) > 0) AND instr('.@-_+''’', substr(w.value, p.key + 1, 1)) = 0
		UNION ALL SELECT ' ' || substr(a.value, 1, 3) || ' ' || substr(b.value, 1, 16) FROM json_each('[' || replace(json_quote(replace(replace(replace(replace(replace(replace(replace(lower(old.`search_text`), '.', ' '), '@', ' '), '-', ' '), '_', ' '), '+', ' '), '''', ' '), '’', ' ')), ' ', '","') || ']') AS a, json_each('[' || replace(json_quote(replace(replace(replace(replace(replace(replace(replace(lower(old.`search_text`), '.', ' '), '@', ' '), '-', ' '), '_', ' '), '+', ' '), '''', ' '), '’', ' ')), ' ', '","') || ']') AS b
			WHERE a.key < 20 AND b.key < 20 AND a.value <> b.value AND length(a.value) >= 3 AND length(b.value) >= 3
		UNION ALL SELECT ' *' WHERE json_array_length('[' || replace(json_quote(replace(replace(replace(replace(replace(replace(replace(lower(old.`search_text`), '.', ' '), '@', ' '), '-', ' '), '_', ' '), '+', ' '), '''', ' '), '’', ' ')), ' ', '","') || ']') > 20);
	INSERT OR IGNORE INTO `participant_search_tokens` (`event_id`, `token`, `participant_id`)
	SELECT new.`event_id`, substr(w.value, p.key + 1, 16), new.`id` FROM json_each('[' || replace(json_quote(lower(new.`search_text`)), ' ', '","') || ']') AS w, json_each('[' || rtrim(replace(hex(zeroblob(max(length(w.value) - 2, 0))), '00', '0,'), ',') || ']') AS p
		WHERE (p.key = 0 OR instr('.@-_+''’', substr(w.value, p.key, 1)) > 0) AND instr('.@-_+''’', substr(w.value, p.key + 1, 1)) = 0
	UNION ALL SELECT new.`event_id`, ' ' || substr(a.value, 1, 3) || ' ' || substr(b.value, 1, 16), new.`id` FROM json_each('[' || replace(json_quote(replace(replace(replace(replace(replace(replace(replace(lower(new.`search_text`), '.', ' '), '@', ' '), '-', ' '), '_', ' '), '+', ' '), '''', ' '), '’', ' ')), ' ', '","') || ']') AS a, json_each('[' || replace(json_quote(replace(replace(replace(replace(replace(replace(replace(lower(new.`search_text`), '.', ' '), '@', ' '), '-', ' '), '_', ' '), '+', ' '), '''', ' '), '’', ' ')), ' ', '","') || ']') AS b
		WHERE a.key < 20 AND b.key < 20 AND a.value <> b.value AND length(a.value) >= 3 AND length(b.value) >= 3
	UNION ALL SELECT new.`event_id`, ' *', new.`id` WHERE json_array_length('[' || replace(json_quote(replace(replace(replace(replace(replace(replace(replace(lower(new.`search_text`), '.', ' '), '@', ' '), '-', ' '), '_', ' '), '+', ' '), '''', ' '), '’', ' ')), ' ', '","') || ']') > 20;
END;--> statement-breakpoint
CREATE TRIGGER `participant_search_tokens_delete` AFTER DELETE ON `participants` BEGIN
	DELETE FROM `participant_search_tokens` WHERE `event_id` = old.`event_id` AND `participant_id` = old.`id`
	AND `token` IN (SELECT substr(w.value, p.key + 1, 16) FROM json_each('[' || replace(json_quote(lower(old.`search_text`)), ' ', '","') || ']') AS w, json_each('[' || rtrim(replace(hex(zeroblob(max(length(w.value) - 2, 0))), '00', '0,'), ',') || ']') AS p
			WHERE (p.key = 0 OR instr('.@-_+''’', substr(w.value, p.key, 1)) > 0) AND instr('.@-_+''’', substr(w.value, p.key + 1, 1)) = 0
		UNION ALL SELECT ' ' || substr(a.value, 1, 3) || ' ' || substr(b.value, 1, 16) FROM json_each('[' || replace(json_quote(replace(replace(replace(replace(replace(replace(replace(lower(old.`search_text`), '.', ' '), '@', ' '), '-', ' '), '_', ' '), '+', ' '), '''', ' '), '’', ' ')), ' ', '","') || ']') AS a, json_each('[' || replace(json_quote(replace(replace(replace(replace(replace(replace(replace(lower(old.`search_text`), '.', ' '), '@', ' '), '-', ' '), '_', ' '), '+', ' '), '''', ' '), '’', ' ')), ' ', '","') || ']') AS b
			WHERE a.key < 20 AND b.key < 20 AND a.value <> b.value AND length(a.value) >= 3 AND length(b.value) >= 3
		UNION ALL SELECT ' *' WHERE json_array_length('[' || replace(json_quote(replace(replace(replace(replace(replace(replace(replace(lower(old.`search_text`), '.', ' '), '@', ' '), '-', ' '), '_', ' '), '+', ' '), '''', ' '), '’', ' ')), ' ', '","') || ']') > 20);
END;

CREATE TABLE `participant_counts` (
	`event_id` integer NOT NULL,
	`organization_id` integer NOT NULL,
	`participants` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`event_id`, `organization_id`),
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `participant_counts` (`event_id`, `organization_id`, `participants`) SELECT `event_id`, `organization_id`, count(*) FROM `participants` GROUP BY `event_id`, `organization_id`;--> statement-breakpoint
CREATE TRIGGER `participants_count_insert` AFTER INSERT ON `participants` BEGIN
	INSERT INTO `participant_counts` (`event_id`, `organization_id`, `participants`) VALUES (new.`event_id`, new.`organization_id`, 1)
	ON CONFLICT (`event_id`, `organization_id`) DO UPDATE SET `participants` = `participants` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `participants_count_delete` AFTER DELETE ON `participants` BEGIN
	UPDATE `participant_counts` SET `participants` = `participants` - 1 WHERE `event_id` = old.`event_id` AND `organization_id` = old.`organization_id`;
END;--> statement-breakpoint
CREATE TRIGGER `participants_count_move` AFTER UPDATE OF `event_id`, `organization_id` ON `participants`
WHEN old.`event_id` != new.`event_id` OR old.`organization_id` != new.`organization_id` BEGIN
	UPDATE `participant_counts` SET `participants` = `participants` - 1 WHERE `event_id` = old.`event_id` AND `organization_id` = old.`organization_id`;
	INSERT INTO `participant_counts` (`event_id`, `organization_id`, `participants`) VALUES (new.`event_id`, new.`organization_id`, 1)
	ON CONFLICT (`event_id`, `organization_id`) DO UPDATE SET `participants` = `participants` + 1;
END;

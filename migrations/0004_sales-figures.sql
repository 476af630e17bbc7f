CREATE TABLE `sales_figures` (
	`event_id` integer PRIMARY KEY NOT NULL,
	`organization_id` integer NOT NULL,
	`participants` integer DEFAULT 0 NOT NULL,
	`orders` integer DEFAULT 0 NOT NULL,
	`gross` integer DEFAULT 0 NOT NULL,
	`fees` integer DEFAULT 0 NOT NULL,
	`net` integer DEFAULT 0 NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `sales_figure_days` (
	`event_id` integer NOT NULL,
	`day` text NOT NULL,
	`organization_id` integer NOT NULL,
	`participants` integer DEFAULT 0 NOT NULL,
	`orders` integer DEFAULT 0 NOT NULL,
	`gross` integer DEFAULT 0 NOT NULL,
	`fees` integer DEFAULT 0 NOT NULL,
	`net` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`event_id`, `day`),
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `sales_figures` (`event_id`, `organization_id`, `participants`, `orders`, `gross`, `fees`, `net`)
SELECT `e`.`id`, `e`.`organization_id`,
	(SELECT count(*) FROM `participants` `p` INNER JOIN `orders` `o` ON `o`.`id` = `p`.`order_id`
		WHERE `p`.`event_id` = `e`.`id` AND `p`.`ticket_type` = 'ticket' AND `o`.`status` IN ('paid', 'manual', 'pending')),
	(SELECT count(*) FROM `orders` `o` WHERE `o`.`event_id` = `e`.`id` AND `o`.`status` IN ('paid', 'manual')),
	(SELECT coalesce(sum(`o`.`amount`), 0) FROM `orders` `o` WHERE `o`.`event_id` = `e`.`id` AND `o`.`status` IN ('paid', 'manual')),
	(SELECT coalesce(sum(`o`.`fees`), 0) FROM `orders` `o` WHERE `o`.`event_id` = `e`.`id` AND `o`.`status` IN ('paid', 'manual')),
	(SELECT coalesce(sum(`o`.`net_amount`), 0) FROM `orders` `o` WHERE `o`.`event_id` = `e`.`id` AND `o`.`status` IN ('paid', 'manual'))
FROM `events` `e` WHERE EXISTS (SELECT 1 FROM `orders` `o` WHERE `o`.`event_id` = `e`.`id`);

CREATE TABLE `invitations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`email` text NOT NULL,
	`role` text DEFAULT '' NOT NULL,
	`event_id` integer,
	`event_roles` text,
	`token_hash` text NOT NULL,
	`invited_by_user_id` integer,
	`locale` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`sent_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`accepted_at` integer,
	`accepted_by_user_id` integer,
	`revoked_at` integer,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`accepted_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invitations_token_hash_unique` ON `invitations` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `invitations_open_organization_unique` ON `invitations` (`organization_id`,`email`) WHERE event_id is null and accepted_at is null and revoked_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX `invitations_open_event_unique` ON `invitations` (`event_id`,`email`) WHERE event_id is not null and accepted_at is null and revoked_at is null;--> statement-breakpoint
CREATE INDEX `invitations_email_idx` ON `invitations` (`email`);--> statement-breakpoint
ALTER TABLE `organizations` ADD `title_lookalike_key` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `organizations_title_lookalike_idx` ON `organizations` (`title_lookalike_key`);--> statement-breakpoint
ALTER TABLE `users` ADD `last_organization_id` integer REFERENCES organizations(id) ON DELETE set null;--> statement-breakpoint
UPDATE `organizations` SET `title_lookalike_key` = lower(replace(replace(replace(replace(replace(replace(title, ' ', ''), char(9), ''), char(10), ''), char(13), ''), char(160), ''), char(8239), ''));
--> statement-breakpoint
UPDATE `organizations` SET `title_lookalike_key` = replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(title_lookalike_key, 'à', 'a'), 'á', 'a'), 'â', 'a'), 'ã', 'a'), 'ä', 'a'), 'å', 'a'), 'À', 'a'), 'Á', 'a'), 'Â', 'a'), 'Ã', 'a'), 'Ä', 'a'), 'Å', 'a');
--> statement-breakpoint
UPDATE `organizations` SET `title_lookalike_key` = replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(title_lookalike_key, 'ç', 'c'), 'Ç', 'c'), 'è', 'e'), 'é', 'e'), 'ê', 'e'), 'ë', 'e'), 'È', 'e'), 'É', 'e'), 'Ê', 'e'), 'Ë', 'e'), 'ì', 'i'), 'í', 'i');
--> statement-breakpoint
UPDATE `organizations` SET `title_lookalike_key` = replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(title_lookalike_key, 'î', 'i'), 'ï', 'i'), 'Ì', 'i'), 'Í', 'i'), 'Î', 'i'), 'Ï', 'i'), 'ñ', 'n'), 'Ñ', 'n'), 'ò', 'o'), 'ó', 'o'), 'ô', 'o'), 'õ', 'o');
--> statement-breakpoint
UPDATE `organizations` SET `title_lookalike_key` = replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(title_lookalike_key, 'ö', 'o'), 'Ò', 'o'), 'Ó', 'o'), 'Ô', 'o'), 'Õ', 'o'), 'Ö', 'o'), 'ù', 'u'), 'ú', 'u'), 'û', 'u'), 'ü', 'u'), 'Ù', 'u'), 'Ú', 'u');
--> statement-breakpoint
UPDATE `organizations` SET `title_lookalike_key` = replace(replace(replace(replace(replace(title_lookalike_key, 'Û', 'u'), 'Ü', 'u'), 'ý', 'y'), 'ÿ', 'y'), 'Ý', 'y');

CREATE TABLE `organization_billing` (
	`organization_id` integer PRIMARY KEY NOT NULL,
	`legal_name` text DEFAULT '' NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`postal_code` text DEFAULT '' NOT NULL,
	`city` text DEFAULT '' NOT NULL,
	`country` text DEFAULT 'FR' NOT NULL,
	`vat_number` text DEFAULT '' NOT NULL,
	`company_number` text DEFAULT '' NOT NULL,
	`invoice_prefix` text DEFAULT '' NOT NULL,
	`legal_mentions` text DEFAULT '' NOT NULL,
	`vat_registered` integer DEFAULT true NOT NULL,
	`vat_exemption_mention` text DEFAULT '' NOT NULL,
	`invoice_mode` text DEFAULT 'on-request' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `tax_rates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organization_id` integer NOT NULL,
	`name` text NOT NULL,
	`rate` integer NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`sort` integer DEFAULT 0 NOT NULL,
	`archived_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organization_id`) REFERENCES `organizations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `tax_rates_org_sort_idx` ON `tax_rates` (`organization_id`,`sort`);--> statement-breakpoint
CREATE UNIQUE INDEX `tax_rates_org_default_unique` ON `tax_rates` (`organization_id`) WHERE is_default = 1 and archived_at is null;
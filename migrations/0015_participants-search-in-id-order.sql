DROP INDEX `participants_event_search_idx`;--> statement-breakpoint
DROP INDEX `participants_event_scope_idx`;--> statement-breakpoint
CREATE INDEX `participants_event_scope_idx` ON `participants` (`event_id`,`organization_id`,`id`,`search_text`);
CREATE INDEX `participants_event_scope_idx` ON `participants` (`event_id`,`organization_id`);

CREATE TABLE "project_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"visitor_id" uuid,
	"user_id" integer,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_verifications" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"method" text,
	"verified_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"last_result" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "group_id" integer;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "auto_audit_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "project_groups" ADD CONSTRAINT "project_groups_visitor_id_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_verifications" ADD CONSTRAINT "project_verifications_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_groups_visitor_idx" ON "project_groups" USING btree ("visitor_id");--> statement-breakpoint
CREATE INDEX "project_groups_user_idx" ON "project_groups" USING btree ("user_id");
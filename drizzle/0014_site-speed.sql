CREATE TABLE "popup_notices" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "popup_notices_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "site_speed_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"trigger" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"breaches" jsonb,
	"alerted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "site_speed_schedules" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"frequency" text NOT NULL,
	"per_template" integer DEFAULT 3 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "speed_tests" ADD COLUMN "site_run_id" integer;--> statement-breakpoint
ALTER TABLE "popup_notices" ADD CONSTRAINT "popup_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_speed_runs" ADD CONSTRAINT "site_speed_runs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_speed_schedules" ADD CONSTRAINT "site_speed_schedules_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_speed_runs_project_idx" ON "site_speed_runs" USING btree ("project_id","id");
CREATE TABLE "insight_states" (
	"project_id" integer NOT NULL,
	"key" text NOT NULL,
	"state" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insight_states_project_id_key_pk" PRIMARY KEY("project_id","key")
);
--> statement-breakpoint
CREATE TABLE "speed_budgets" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"lcp_ms" integer,
	"tbt_ms" integer,
	"cls_milli" integer,
	"min_performance" integer
);
--> statement-breakpoint
CREATE TABLE "speed_tests" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer,
	"visitor_id" uuid,
	"user_id" integer,
	"url" text NOT NULL,
	"runs" integer NOT NULL,
	"template" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"mobile" jsonb,
	"desktop" jsonb,
	"field" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "insight_states" ADD CONSTRAINT "insight_states_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "speed_budgets" ADD CONSTRAINT "speed_budgets_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "speed_tests" ADD CONSTRAINT "speed_tests_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "speed_tests" ADD CONSTRAINT "speed_tests_visitor_id_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "speed_tests_project_idx" ON "speed_tests" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "speed_tests_status_idx" ON "speed_tests" USING btree ("status","id");
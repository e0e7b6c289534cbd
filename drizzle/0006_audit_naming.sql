-- Issue 8.3: one name for the whole-site audit. Tables, columns, keys and indexes of the former
-- "crawl" entity are renamed in place, so existing audits, their pages and schedules are kept.
ALTER TABLE "crawls" RENAME TO "audits";--> statement-breakpoint
ALTER TABLE "crawl_urls" RENAME TO "audit_urls";--> statement-breakpoint
ALTER TABLE "crawl_pages" RENAME TO "audit_pages";--> statement-breakpoint
ALTER TABLE "crawl_resources" RENAME TO "audit_resources";--> statement-breakpoint
ALTER TABLE "crawl_links" RENAME TO "audit_links";--> statement-breakpoint
ALTER TABLE "crawl_sitemap_entries" RENAME TO "audit_sitemap_entries";--> statement-breakpoint
ALTER TABLE "crawl_issues" RENAME TO "audit_issues";--> statement-breakpoint
ALTER TABLE "crawl_schedules" RENAME TO "audit_schedules";--> statement-breakpoint
ALTER TABLE "crawl_page_metrics" RENAME TO "audit_page_metrics";--> statement-breakpoint
ALTER TABLE "audit_urls" RENAME COLUMN "crawl_id" TO "audit_id";--> statement-breakpoint
ALTER TABLE "audit_pages" RENAME COLUMN "crawl_id" TO "audit_id";--> statement-breakpoint
ALTER TABLE "audit_resources" RENAME COLUMN "crawl_id" TO "audit_id";--> statement-breakpoint
ALTER TABLE "audit_links" RENAME COLUMN "crawl_id" TO "audit_id";--> statement-breakpoint
ALTER TABLE "audit_sitemap_entries" RENAME COLUMN "crawl_id" TO "audit_id";--> statement-breakpoint
ALTER TABLE "audit_issues" RENAME COLUMN "crawl_id" TO "audit_id";--> statement-breakpoint
ALTER TABLE "audit_page_metrics" RENAME COLUMN "crawl_id" TO "audit_id";--> statement-breakpoint
ALTER TABLE "audits" RENAME CONSTRAINT "crawls_project_id_projects_id_fk" TO "audits_project_id_projects_id_fk";--> statement-breakpoint
ALTER TABLE "audits" RENAME CONSTRAINT "crawls_visitor_id_visitors_id_fk" TO "audits_visitor_id_visitors_id_fk";--> statement-breakpoint
ALTER TABLE "audit_urls" RENAME CONSTRAINT "crawl_urls_crawl_id_crawls_id_fk" TO "audit_urls_audit_id_audits_id_fk";--> statement-breakpoint
ALTER TABLE "audit_pages" RENAME CONSTRAINT "crawl_pages_url_id_crawl_urls_id_fk" TO "audit_pages_url_id_audit_urls_id_fk";--> statement-breakpoint
ALTER TABLE "audit_resources" RENAME CONSTRAINT "crawl_resources_url_id_crawl_urls_id_fk" TO "audit_resources_url_id_audit_urls_id_fk";--> statement-breakpoint
ALTER TABLE "audit_links" RENAME CONSTRAINT "crawl_links_from_url_id_crawl_urls_id_fk" TO "audit_links_from_url_id_audit_urls_id_fk";--> statement-breakpoint
ALTER TABLE "audit_sitemap_entries" RENAME CONSTRAINT "crawl_sitemap_entries_crawl_id_crawls_id_fk" TO "audit_sitemap_entries_audit_id_audits_id_fk";--> statement-breakpoint
ALTER TABLE "audit_issues" RENAME CONSTRAINT "crawl_issues_crawl_id_crawls_id_fk" TO "audit_issues_audit_id_audits_id_fk";--> statement-breakpoint
ALTER TABLE "audit_schedules" RENAME CONSTRAINT "crawl_schedules_project_id_projects_id_fk" TO "audit_schedules_project_id_projects_id_fk";--> statement-breakpoint
ALTER TABLE "audit_page_metrics" RENAME CONSTRAINT "crawl_page_metrics_crawl_id_crawls_id_fk" TO "audit_page_metrics_audit_id_audits_id_fk";--> statement-breakpoint
ALTER TABLE "audit_page_metrics" RENAME CONSTRAINT "crawl_page_metrics_crawl_id_url_pk" TO "audit_page_metrics_audit_id_url_pk";--> statement-breakpoint
ALTER INDEX "crawls_project_idx" RENAME TO "audits_project_idx";--> statement-breakpoint
ALTER INDEX "crawls_visitor_idx" RENAME TO "audits_visitor_idx";--> statement-breakpoint
ALTER INDEX "crawl_urls_url_idx" RENAME TO "audit_urls_url_idx";--> statement-breakpoint
ALTER INDEX "crawl_urls_frontier_idx" RENAME TO "audit_urls_frontier_idx";--> statement-breakpoint
ALTER INDEX "crawl_pages_crawl_idx" RENAME TO "audit_pages_audit_idx";--> statement-breakpoint
ALTER INDEX "crawl_resources_crawl_idx" RENAME TO "audit_resources_audit_idx";--> statement-breakpoint
ALTER INDEX "crawl_links_from_idx" RENAME TO "audit_links_from_idx";--> statement-breakpoint
ALTER INDEX "crawl_links_to_idx" RENAME TO "audit_links_to_idx";--> statement-breakpoint
ALTER INDEX "crawl_sitemap_entries_idx" RENAME TO "audit_sitemap_entries_idx";--> statement-breakpoint
ALTER INDEX "crawl_issues_crawl_idx" RENAME TO "audit_issues_audit_idx";--> statement-breakpoint
ALTER INDEX "crawl_issues_url_idx" RENAME TO "audit_issues_url_idx";--> statement-breakpoint
ALTER SEQUENCE "crawls_id_seq" RENAME TO "audits_id_seq";--> statement-breakpoint
ALTER SEQUENCE "crawl_urls_id_seq" RENAME TO "audit_urls_id_seq";--> statement-breakpoint
ALTER SEQUENCE "crawl_links_id_seq" RENAME TO "audit_links_id_seq";--> statement-breakpoint
ALTER SEQUENCE "crawl_sitemap_entries_id_seq" RENAME TO "audit_sitemap_entries_id_seq";--> statement-breakpoint
ALTER SEQUENCE "crawl_issues_id_seq" RENAME TO "audit_issues_id_seq";--> statement-breakpoint
ALTER TABLE "audit_issues" RENAME CONSTRAINT "crawl_issues_pkey" TO "audit_issues_pkey";--> statement-breakpoint
ALTER TABLE "audit_links" RENAME CONSTRAINT "crawl_links_pkey" TO "audit_links_pkey";--> statement-breakpoint
ALTER TABLE "audit_pages" RENAME CONSTRAINT "crawl_pages_pkey" TO "audit_pages_pkey";--> statement-breakpoint
ALTER TABLE "audit_resources" RENAME CONSTRAINT "crawl_resources_pkey" TO "audit_resources_pkey";--> statement-breakpoint
ALTER TABLE "audit_schedules" RENAME CONSTRAINT "crawl_schedules_pkey" TO "audit_schedules_pkey";--> statement-breakpoint
ALTER TABLE "audit_sitemap_entries" RENAME CONSTRAINT "crawl_sitemap_entries_pkey" TO "audit_sitemap_entries_pkey";--> statement-breakpoint
ALTER TABLE "audit_urls" RENAME CONSTRAINT "crawl_urls_pkey" TO "audit_urls_pkey";--> statement-breakpoint
ALTER TABLE "audits" RENAME CONSTRAINT "crawls_pkey" TO "audits_pkey";

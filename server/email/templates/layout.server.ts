import { createElement as h } from "react";
import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";

/** The content of one e-mail, produced by a template in the recipient's language. */
export interface EmailContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string } | undefined;
}

/** Facts the layout adds around the content: language tag, footer line, unsubscribe link. */
export interface LayoutProps {
  content: EmailContent;
  /** BCP 47 tag for `<html lang>`. */
  lang: string;
  footer: string;
  unsubscribe?: { label: string; url: string } | undefined;
}

const font = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** The one e-mail layout (React Email): heading, paragraphs, an optional button, footer. */
export function EmailLayout({ content, lang, footer, unsubscribe }: LayoutProps) {
  return h(
    Html,
    { lang },
    h(Head),
    h(Preview, null, content.paragraphs[0] ?? content.heading),
    h(
      Body,
      { style: { backgroundColor: "#f4f6fb", fontFamily: font, margin: 0, padding: "24px 0" } },
      h(
        Container,
        { style: { backgroundColor: "#ffffff", borderRadius: 8, maxWidth: 560, padding: "32px 28px" } },
        h(Text, { style: { fontSize: 18, fontWeight: 700, color: "#d9480f", margin: "0 0 20px" } }, "Rankforge"),
        h(Heading, { as: "h1", style: { fontSize: 22, color: "#111827", margin: "0 0 16px" } }, content.heading),
        ...content.paragraphs.map((p, i) => h(Text, { key: i, style: { fontSize: 15, lineHeight: "24px", color: "#374151" } }, p)),
        content.action
          ? h(
              Section,
              { style: { margin: "24px 0" } },
              h(
                Button,
                {
                  href: content.action.url,
                  style: { backgroundColor: "#d9480f", borderRadius: 6, color: "#ffffff", fontSize: 15, padding: "12px 20px" },
                },
                content.action.label,
              ),
            )
          : null,
        h(Hr, { style: { borderColor: "#e5e7eb", margin: "24px 0 12px" } }),
        h(Text, { style: { fontSize: 12, color: "#6b7280", margin: 0 } }, footer),
        unsubscribe
          ? h(Link, { href: unsubscribe.url, style: { fontSize: 12, color: "#6b7280", textDecoration: "underline" } }, unsubscribe.label)
          : null,
      ),
    ),
  );
}

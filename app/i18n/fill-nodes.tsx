import { Fragment, type ReactNode } from "react";

/**
 * Fills the simple `{name}` placeholders of a text with React nodes (links inside a sentence, so a
 * translation can move them). Placeholders without a value stay as written. Plural/select syntax is
 * not handled here: use `fill` (common/i18n/message.ts) for texts with numbers.
 */
export function fillNodes(text: string, nodes: Record<string, ReactNode>): ReactNode {
  const parts = text.split(/(\{[a-zA-Z]\w*\})/);
  return parts.map((part, i) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    return <Fragment key={i}>{name !== undefined && name in nodes ? nodes[name] : part}</Fragment>;
  });
}

import { useEffect, useRef, useState, useSyncExternalStore, type FormEvent, type KeyboardEvent } from "react";
import type { Route } from "./+types/chat-client";
import { requestInfoContext, servicesContext } from "../../server/http/router-context.server.ts";
import { chatStrings } from "../chat/strings.ts";
import { brandTitle } from "../i18n/meta-texts.ts";
import { DEFAULT_LANG, isLanguage } from "../../common/i18n/languages.ts";
import { ApiCallError, postApi } from "../lib/api.ts";
import { listOwnMessages, listThreadByToken, type ChatView } from "../../server/chat/messages.server.ts";
import type { ChatMessage } from "../../server/chat/thread.server.ts";
import { AppError } from "../../server/errors.server.ts";

/** How often the chat client asks for new messages, ms (issue 5). */
export const CHAT_POLL_MS = 3000;

/**
 * /chat-client (spec 2, no header or footer, no text ids): the visitor's conversation with their
 * personal manager; with ?reply=<token> the manager's side of that thread (a forged or expired
 * token shows an error).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const lang = params.lang && isLanguage(params.lang) ? params.lang : "en";
  const token = new URL(request.url).searchParams.get("reply");
  if (token) {
    try {
      return { lang, token, view: await listThreadByToken(services, token, 0) };
    } catch (err) {
      if (err instanceof AppError) return { lang, token, view: null };
      throw err;
    }
  }
  return { lang, token: null, view: await listOwnMessages(services, await context.get(requestInfoContext).owner(), 0) };
}

export const handle = { noindex: true };

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: brandTitle(chatStrings(loaderData?.lang ?? DEFAULT_LANG).title) }, { name: "robots", content: "noindex, nofollow" }];
}

async function fetchAfter(after: number, token: string | null): Promise<ChatView> {
  const q = new URLSearchParams({ after: String(after) });
  if (token) q.set("token", token);
  const res = await fetch(`/api/chat/messages?${q}`, { credentials: "same-origin", headers: { accept: "application/json" } });
  if (!res.ok) throw new ApiCallError(res.status, null);
  return (await res.json()) as ChatView;
}

const noSubscribe = () => () => undefined;
const isClient = () => true;
const isServer = () => false;

export default function ChatClient({ loaderData }: Route.ComponentProps) {
  const { lang, token } = loaderData;
  const s = chatStrings(lang);
  const managerSide = token !== null;
  const [messages, setMessages] = useState<ChatMessage[]>(loaderData.view?.messages ?? []);
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState("");
  const ready = useSyncExternalStore(noSubscribe, isClient, isServer);
  const listRef = useRef<HTMLOListElement>(null);
  const lastId = messages.at(-1)?.id ?? 0;

  const merge = (more: ChatMessage[]) =>
    setMessages((cur) => {
      const seen = new Set(cur.map((m) => m.id));
      return [...cur, ...more.filter((m) => !seen.has(m.id))].sort((a, b) => a.id - b.id);
    });

  useEffect(() => {
    if (!loaderData.view) return;
    const id = setInterval(() => {
      void fetchAfter(lastId, token)
        .then((v) => merge(v.messages))
        .catch(() => undefined);
    }, CHAT_POLL_MS);
    return () => clearInterval(id);
  }, [lastId, token, loaderData.view]);

  useEffect(() => {
    listRef.current?.lastElementChild?.scrollIntoView({ block: "end" });
  }, [messages.length]);

  if (!loaderData.view) {
    return (
      <main className="flex min-h-dvh items-center justify-center p-6" lang={lang}>
        <p role="alert" className="rounded-lg bg-warn-100 px-4 py-3 text-warn-600">
          {s.badLink}
        </p>
      </main>
    );
  }
  const { manager } = loaderData.view;

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    const body = text.trim();
    if (!body || sending) return;
    setSending(true);
    setError("");
    try {
      const res = managerSide
        ? await postApi<{ message: ChatMessage }>("/api/chat/reply", { token, message: body })
        : await postApi<{ message: ChatMessage }>("/api/chat/send", { message: body });
      merge([res.message]);
      setText("");
    } catch (err) {
      setError(err instanceof ApiCallError && err.body ? err.body.error.message : s.failed);
    } finally {
      setSending(false);
    }
  }
  function onKey(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === "Enter" && !e.shiftKey) {
      e.preventDefault();
      void submit();
    }
  }
  const mine = managerSide ? "manager" : "visitor";

  return (
    <main className="mx-auto flex h-dvh max-w-3xl flex-col bg-white" lang={lang}>
      <div className="flex items-center gap-3 border-b border-ink-100 px-4 py-3">
        {manager.img ? (
          <img src={manager.img} alt="" width={40} height={40} className="h-10 w-10 rounded-full object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-10 w-10 items-center justify-center rounded-full bg-forge-100 font-semibold text-forge-700"
          >
            {manager.name.slice(0, 1)}
          </span>
        )}
        <div className="min-w-0">
          <h1 className="truncate text-base font-semibold">{managerSide ? s.managerTitle : s.title}</h1>
          <p className="truncate text-sm text-ink-500">{managerSide ? manager.name : `${manager.name} · ${s.yourManager}`}</p>
        </div>
      </div>
      <ol
        ref={listRef}
        aria-live="polite"
        aria-label={s.title}
        className="flex-1 space-y-2 overflow-y-auto px-4 py-4"
        data-testid="chat-messages"
      >
        {messages.length === 0 && <li className="py-8 text-center text-sm text-ink-500">{s.empty}</li>}
        {messages.map((m) => (
          <li key={m.id} className={m.author === mine ? "flex justify-end" : "flex justify-start"}>
            <div
              className={`max-w-[80%] rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap ${
                m.author === mine ? "bg-forge-600 text-white" : "bg-ink-100 text-ink-900"
              }`}
            >
              <span className="sr-only">{m.author === mine ? s.you : m.author === "manager" ? manager.name : s.visitor}: </span>
              {m.body}
            </div>
          </li>
        ))}
      </ol>
      <form onSubmit={(e) => void submit(e)} data-ready={ready} className="border-t border-ink-100 p-3">
        <label htmlFor="chat-message" className="sr-only">
          {s.label}
        </label>
        {error && (
          <p role="alert" className="mb-2 text-sm text-red-600">
            {error}
          </p>
        )}
        <div className="flex items-end gap-2">
          <textarea
            id="chat-message"
            name="message"
            rows={2}
            maxLength={2000}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKey}
            placeholder={s.placeholder}
            className="min-h-11 flex-1 resize-none rounded-lg border border-ink-200 px-3 py-2 text-sm focus:border-forge-500 focus:outline-none"
          />
          <button
            type="submit"
            disabled={!ready || sending || !text.trim()}
            className="min-h-11 rounded-lg bg-forge-600 px-4 font-semibold text-white hover:bg-forge-500 disabled:opacity-50"
          >
            {sending ? s.sending : s.send}
          </button>
        </div>
      </form>
    </main>
  );
}

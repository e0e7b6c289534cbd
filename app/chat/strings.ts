/** The chat's own interface strings (spec 2: /chat-client fetches no text ids), keyed by interface language. */
export interface ChatStrings {
  open: string;
  close: string;
  title: string;
  managerTitle: string;
  yourManager: string;
  visitor: string;
  empty: string;
  label: string;
  placeholder: string;
  send: string;
  sending: string;
  failed: string;
  badLink: string;
  you: string;
}

const TABLE: Record<string, ChatStrings> = {
  en: {
    open: "Chat",
    close: "Close chat",
    title: "Chat with your manager",
    managerTitle: "Reply to the visitor",
    yourManager: "Your personal manager",
    visitor: "Visitor",
    empty: "No messages yet. Ask us anything about your website.",
    label: "Your message",
    placeholder: "Type a message…",
    send: "Send",
    sending: "Sending…",
    failed: "The message could not be sent. Please try again.",
    badLink: "This reply link is invalid or has expired.",
    you: "You",
  },
  de: {
    open: "Chat",
    close: "Chat schließen",
    title: "Chat mit Ihrem Manager",
    managerTitle: "Dem Besucher antworten",
    yourManager: "Ihr persönlicher Manager",
    visitor: "Besucher",
    empty: "Noch keine Nachrichten. Fragen Sie uns alles zu Ihrer Website.",
    label: "Ihre Nachricht",
    placeholder: "Nachricht eingeben…",
    send: "Senden",
    sending: "Wird gesendet…",
    failed: "Die Nachricht konnte nicht gesendet werden. Bitte versuchen Sie es erneut.",
    badLink: "Dieser Antwortlink ist ungültig oder abgelaufen.",
    you: "Sie",
  },
  ru: {
    open: "Чат",
    close: "Закрыть чат",
    title: "Чат с вашим менеджером",
    managerTitle: "Ответ посетителю",
    yourManager: "Ваш персональный менеджер",
    visitor: "Посетитель",
    empty: "Сообщений пока нет. Задайте любой вопрос о вашем сайте.",
    label: "Ваше сообщение",
    placeholder: "Введите сообщение…",
    send: "Отправить",
    sending: "Отправка…",
    failed: "Не удалось отправить сообщение. Попробуйте ещё раз.",
    badLink: "Ссылка для ответа недействительна или устарела.",
    you: "Вы",
  },
  es: {
    open: "Chat",
    close: "Cerrar chat",
    title: "Chat con su gestor",
    managerTitle: "Responder al visitante",
    yourManager: "Su gestor personal",
    visitor: "Visitante",
    empty: "Aún no hay mensajes. Pregúntenos lo que quiera sobre su sitio web.",
    label: "Su mensaje",
    placeholder: "Escriba un mensaje…",
    send: "Enviar",
    sending: "Enviando…",
    failed: "No se pudo enviar el mensaje. Inténtelo de nuevo.",
    badLink: "Este enlace de respuesta no es válido o ha caducado.",
    you: "Usted",
  },
  uk: {
    open: "Чат",
    close: "Закрити чат",
    title: "Чат з вашим менеджером",
    managerTitle: "Відповідь відвідувачу",
    yourManager: "Ваш персональний менеджер",
    visitor: "Відвідувач",
    empty: "Повідомлень ще немає. Запитайте будь-що про ваш сайт.",
    label: "Ваше повідомлення",
    placeholder: "Введіть повідомлення…",
    send: "Надіслати",
    sending: "Надсилання…",
    failed: "Не вдалося надіслати повідомлення. Спробуйте ще раз.",
    badLink: "Посилання для відповіді недійсне або застаріле.",
    you: "Ви",
  },
};

/** The chat strings of an interface language; languages without a table use English. */
export function chatStrings(lang: string): ChatStrings {
  return TABLE[lang] ?? TABLE.en!;
}

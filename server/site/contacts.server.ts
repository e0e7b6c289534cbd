import { eq } from "drizzle-orm";
import type { Database } from "../db/client.server.ts";
import { managers } from "../db/schema.server.ts";

/** The default manager's public contact channels (spec 3 "Manager record", default). */
export interface ManagerContacts {
  name: string;
  email: string;
  phone: string;
  whatsapp: string;
  telegram: string;
  viber: string;
  skype: string;
  wechat: string;
}

/** Reads the default manager from the database; null if the seed has not created one. */
export async function defaultManagerContacts(db: Database): Promise<ManagerContacts | null> {
  const [m] = await db.select().from(managers).where(eq(managers.isDefault, true)).limit(1);
  if (!m) return null;
  return {
    name: m.emailName,
    email: m.email,
    phone: m.phone,
    whatsapp: m.whatsapp,
    telegram: m.telegram,
    viber: m.viber,
    skype: m.skype,
    wechat: m.wechat,
  };
}

/**
 * A production web process from source: the same `createApp` and `listen` server/main.ts runs from
 * the built bundle, without the React Router build (its pages are not asked for). Used by the
 * scale-out test, which starts several of these on one PostgreSQL database.
 */
import { createApp, listen } from "../../server/app.ts";

await listen(await createApp(process.env));

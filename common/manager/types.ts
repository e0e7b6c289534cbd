/**
 * A personal manager as the API sends it (spec 3 "Manager record"). Handles are raw: phone
 * numbers in international form, user names without "@". Empty string = channel not offered.
 */
export interface ManagerContact {
  /** The manager's own user id (0 when the manager has no account). */
  u_id: number;
  id: number;
  img: string;
  email_name: string;
  email: string;
  phone: string;
  work_lang: string;
  whatsapp: string;
  skype: string;
  telegram: string;
  viber: string;
  zalo: string;
  fb_messenger: string;
  wechat: string;
}

/** The user's own phone and contact fields sent with the manager (spec 3 u_tel, u_country_code, u_username, u_email). */
export interface UserContactFields {
  u_tel: string;
  u_country_code: string;
  u_username: string;
  u_email: string;
}

/** POST /api/main/getmanager answer (spec 7): the manager, the user's fields, and the default manager. */
export type ManagerRecord = ManagerContact & UserContactFields & { default: ManagerContact };

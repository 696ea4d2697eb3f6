// Row types of the query layer. Ids and timestamps are text on both engines (see ids.ts).

export interface AdminsTable {
  _id: string;
  email: string;
  password_hash: string;
  created_at: string;
}

export interface TokensTable {
  /** SHA-256 (hex) of the bearer token; the token itself is never stored. */
  token_hash: string;
  admin_id: string;
  created_at: string;
  expires_at: string;
}

export interface MassIntentionsTable {
  _id: string;
  fullname: string;
  email: string;
  intention: string;
  created_at: string;
}

export interface BooksTable {
  _id: string;
  book_name: string;
  book_link: string;
  /** File name in DATA_DIR/uploads (never a URL). */
  book_image: string;
  category: string;
  date_added: string;
  updated_at: string;
}

export interface ChangeCountersTable {
  /** The list it counts writes to, e.g. 'books'. */
  name: string;
  counter: number;
}

export interface Database {
  admins: AdminsTable;
  tokens: TokensTable;
  mass_intentions: MassIntentionsTable;
  books: BooksTable;
  change_counters: ChangeCountersTable;
}

/** A boolean column: 0/1 integers, so one query works on SQLite and PostgreSQL alike. */
export type Flag = 0 | 1;

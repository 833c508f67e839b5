// What the post-signup tests share: the customer who signs up, and the accounts that exist.
export const NEW_USER = {
  username: 'Ana Lima',
  email: 'ana@example.com',
  password: 'Popcorn#Night7',
  role: 'user',
};

export const users = (t: {
  db: { query: <T>(s: TemplateStringsArray, ...p: unknown[]) => Promise<T[]> };
}) =>
  t.db.query<{ username: string; email: string; role: string }>`
    SELECT username, email, role FROM users ORDER BY id`;

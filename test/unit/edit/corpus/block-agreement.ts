// A block matched by its first and last lines only must still agree with the file in between. Repetitive code
// (handlers, migrations, config sections) has blocks whose first and last lines are alike and whose bodies differ
// by a name or two: the header of one with the body of another, or a block where a third or more of the lines differ,
// is another block, not the same block with a slip. Each fixture: the file's block, another block's body the model
// mixed in (refused, naming the lines and the share that agrees), and one kept slip in a long body (applied).

import { lf, text, type EditCase } from './case';

interface AgreementFixture {
  lang: string;
  /** The block in the file (first and last lines are the anchors). */
  block: string[];
  /** The body (lines between the anchors) of a sibling block the model mixed in. */
  otherBody: string[];
  /** A line of `block` the edit changes, and its new text. */
  change: number;
  changeNew: string;
}

const FIXTURES: AgreementFixture[] = [
  {
    lang: 'Python',
    block: ['def save_user(user):', '    validate(user)', '    db.users.insert(user)', '    log.info("saved user")', '    return user.id'],
    otherBody: ['    validate(order)', '    db.orders.insert(order)', '    log.info("saved order")'],
    change: 4,
    changeNew: '    return user.uid',
  },
  {
    lang: 'Go',
    block: ['func (h *Handler) GetUser(w http.ResponseWriter, r *http.Request) {', '\tid := r.URL.Query().Get("id")', '\tuser, err := h.store.User(id)', '\twriteJSON(w, user, err)', '}'],
    otherBody: ['\tid := r.URL.Query().Get("order")', '\torder, err := h.store.Order(id)', '\twriteJSON(w, order, err)'],
    change: 3,
    changeNew: '\twriteJSONStatus(w, user, err)',
  },
  {
    lang: 'Rust',
    block: ['impl From<UserRow> for User {', '    fn from(row: UserRow) -> Self {', '        let name = row.name.trim();', '        User { id: row.id, name }', '    }'],
    otherBody: ['    fn from(row: OrderRow) -> Self {', '        let total = row.total.round();', '        Order { id: row.id, total }'],
    change: 3,
    changeNew: '        User { id: row.id, name: name.to_string() }',
  },
  {
    lang: 'Java',
    block: ['    public User findUser(long id) {', '        User user = users.get(id);', '        audit.read("user", id);', '        return user;', '    }'],
    otherBody: ['        Order order = orders.get(id);', '        audit.read("order", id);', '        return order;'],
    change: 3,
    changeNew: '        return Objects.requireNonNull(user);',
  },
  {
    lang: 'YAML',
    block: ['  users:', '    image: users:1.2', '    replicas: 2', '    port: 8081', '    health: /users/health'],
    otherBody: ['    image: orders:1.2', '    replicas: 3', '    port: 8082'],
    change: 2,
    changeNew: '    replicas: 4',
  },
  {
    lang: 'JSON',
    block: ['    "users": {', '      "table": "users",', '      "cache": true,', '      "ttl": 60', '    },'],
    otherBody: ['      "table": "orders",', '      "cache": false,', '      "ttl": 30'],
    change: 3,
    changeNew: '      "ttl": 120',
  },
  {
    lang: 'SQL',
    block: ['CREATE INDEX idx_users_email', '  ON users (email)', '  WHERE deleted_at IS NULL', '  AND active = true', ';'],
    otherBody: ['  ON orders (email)', '  WHERE archived_at IS NULL', '  AND paid = true'],
    change: 3,
    changeNew: '  AND active = true AND verified = true',
  },
  {
    lang: 'shell',
    block: ['build_users() {', '  cd services/users', '  make build', '  docker build -t users .', '}'],
    otherBody: ['  cd services/orders', '  make build-orders', '  docker build -t orders .'],
    change: 3,
    changeNew: '  docker build --pull -t users .',
  },
  {
    lang: 'CSS',
    block: ['.btn-primary {', '  background: var(--blue);', '  color: white;', '  border: 1px solid var(--blue-dark);', '}'],
    otherBody: ['  background: var(--red);', '  color: black;', '  border: 1px solid var(--red-dark);'],
    change: 2,
    changeNew: '  color: var(--on-blue);',
  },
  {
    lang: 'TSX',
    block: ['function UserRow({ user }: { user: User }) {', '  const label = user.name;', '  const href = `/users/${user.id}`;', '  return <a href={href}>{label}</a>;', '}'],
    otherBody: ['  const label = order.title;', '  const href = `/orders/${order.id}`;', '  return <b title={href}>{label}</b>;'],
    change: 3,
    changeNew: '  return <Link to={href}>{label}</Link>;',
  },
  {
    lang: 'Markdown',
    block: ['### Users', '- list: `GET /users`', '- create: `POST /users`', '- delete: `DELETE /users/:id`', '### Orders'],
    otherBody: ['- list: `GET /orders`', '- create: `POST /orders`', '- delete: `DELETE /orders/:id`'],
    change: 2,
    changeNew: '- create: `POST /users` (admin only)',
  },
];

export const blockAgreementCases: EditCase[] = FIXTURES.flatMap((f): EditCase[] => {
  const last = f.block.length - 1;
  const mixed = [f.block[0]!, ...f.otherBody, f.block[last]!];
  const changed = f.block.map((l, i) => (i === f.change ? f.changeNew : l));
  const file = lf('// start', ...f.block, '// end');
  // Two lines between the anchors, not the one the edit changes: the edit keeps them, so only the share refuses.
  const slipped = [1, 2, 3].filter((i) => i !== f.change).slice(0, 2);
  return [
    {
      name: `block agreement (${f.lang}): the first and last lines of one block, the body of another`,
      why: 'anchors alone do not make the same block: most lines between them differ',
      file,
      edits: [{ oldText: text(...mixed), newText: text(...mixed.map((l, i) => (i === 1 ? `${l} // checked` : l))) }],
      expect: { failure: 'no_occurrence', messageIncludes: `lines 2-${f.block.length + 1}` },
    },
    {
      name: `block agreement (${f.lang}): two of the lines between the anchors misremembered`,
      why: 'a third or more of the lines differ: another block, however close the letters',
      file,
      edits: [
        {
          oldText: text(...f.block.map((l, i) => (slipped.includes(i) ? f.otherBody[i - 1]! : l))),
          newText: text(...f.block.map((l, i) => (slipped.includes(i) ? f.otherBody[i - 1]! : i === f.change ? f.changeNew : l))),
        },
      ],
      expect: { failure: 'no_occurrence', messageIncludes: 'agree with the file in between' },
    },
    {
      name: `block agreement (${f.lang}): the block the model read, changed`,
      why: 'the control: the same block verbatim applies exactly',
      file,
      edits: [{ oldText: text(...f.block), newText: text(...changed) }],
      expect: { strategies: ['exact'], content: lf('// start', ...changed, '// end') },
    },
  ];
});

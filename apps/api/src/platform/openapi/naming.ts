// operationIds and summaries for every operation, derived from the controller, the handler
// name and the path when a handler declares none (@ApiOperation({ summary })): a new route is
// documented without anyone remembering to.

/** `WorkOrdersController` → `workOrders` */
export function controllerBase(controller: string): string {
  const base = controller.replace(/Controller$/, '') || controller;
  return base.charAt(0).toLowerCase() + base.slice(1);
}

/** `AssetsController` + `importAssets` → `assets_importAssets` (stable: SDK users may name it) */
export function operationIdOf(controller: string, handler: string): string {
  return `${controllerBase(controller)}_${handler}`;
}

const words = (camel: string): string[] =>
  camel
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());

const KEEP_PLURAL = /(ics|ss|us|data)$/;
function singular(word: string): string {
  if (KEEP_PLURAL.test(word)) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ch|sh|x)es$/.test(word)) return word.slice(0, -2);
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

const isParam = (segment: string) => segment.startsWith('{');
const lastStatic = (path: string) =>
  words(
    path
      .split('/')
      .filter((s) => s && !isParam(s))
      .pop() ?? '',
  ).join(' ');

/**
 * The thing a path is about: the last static segment that names a collection (not the action
 * segment the handler is named after), with whether the path addresses one item of it.
 */
function resource(path: string, handlerWords: string[]): { noun: string[]; one: boolean } {
  const segments = path.split('/').filter((s) => s && s !== 'api' && !/^v\d+$/.test(s));
  let i = segments.length - 1;
  // an action segment (`/jobs/{id}/complete` for `complete`) is the verb, not the resource
  if (i > 0 && !isParam(segments[i]!) && words(segments[i]!).join(' ') === handlerWords.join(' ')) i -= 1;
  const one = i >= 0 && isParam(segments[i]!);
  while (i >= 0 && isParam(segments[i]!)) i -= 1;
  return { noun: i >= 0 ? words(segments[i]!) : [], one };
}

const CRUD: Record<string, { verb: string; plural: boolean }> = {
  list: { verb: 'List', plural: true },
  get: { verb: 'Get', plural: false },
  create: { verb: 'Create', plural: false },
  update: { verb: 'Update', plural: false },
  patch: { verb: 'Update', plural: false },
  remove: { verb: 'Delete', plural: false },
  delete: { verb: 'Delete', plural: false },
};

const METHOD_VERB: Record<string, string> = { get: 'Get', put: 'Replace', patch: 'Update', delete: 'Delete' };

/**
 * `GET /orgs/{orgId}/assets` + `list` → "List assets"; `POST /jobs/{id}/complete` + `complete` →
 * "Complete job"; `POST /jobs/assign-bulk` + `assignBulk` → "Assign bulk (jobs)"; `GET /me` + `me` →
 * "Get me"; `GET /analytics/overview` + `overview` → "Overview (analytics)".
 */
export function deriveSummary(method: string, path: string, handler: string): string {
  const hw = words(handler);
  const { noun, one } = resource(path, hw);
  const crud = hw.length === 1 ? CRUD[hw[0]!] : undefined;
  const nounText = (plural: boolean) => {
    if (noun.length === 0) return '';
    const last = noun[noun.length - 1]!;
    return [...noun.slice(0, -1), plural ? last : singular(last)].join(' ');
  };
  const verb = METHOD_VERB[method];
  let text: string;
  if (crud) text = `${crud.verb} ${nounText(crud.plural && !one)}`;
  // a handler named after what it returns (`me`, `conversation`, `page`): the method is the verb
  else if (hw.length === 1 && verb && (noun.length === 0 || singular(hw[0]!) === singular(noun.join(' '))))
    text = `${verb} ${hw[0]}`;
  else if (hw.length === 1 && verb && lastStatic(path) === hw[0]) text = `${hw[0]} (${noun.join(' ')})`;
  else if (hw.length === 1) text = `${hw[0]} ${nounText(false)}`;
  else
    text =
      noun.length > 0 && !hw.some((w) => noun.map(singular).includes(singular(w)))
        ? `${hw.join(' ')} (${noun.join(' ')})`
        : hw.join(' ');
  text = text.trim() || `${method.toUpperCase()} ${path}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// The campaign list's floor for `npm run bench` (issue 21, item 1): what the API's answer from a
// kept page needs and nothing else, in a bare node:http server with postgres.js. Per request: the
// session row by the cookie's id with its secret's SHA-256 compared, then the statement that checks
// the kept page (api/src/modules/campaigns/campaign-page-cache.ts) for the list version, the rows'
// versions and the creator's claims; the answer is the page's gzip bytes as the API sent them.
//
//   node bench/floor-list.ts <port> <database URL> <pages.json>
// pages.json: { "<path>": { "ids": [...], "brandIds": [...], "gzip": "<base64>" } }
import { createHash, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import postgres from 'postgres';

const [port = '0', url = '', pagesFile = ''] = process.argv.slice(2);
const pages = new Map(
  Object.entries(
    JSON.parse(readFileSync(pagesFile, 'utf8')) as Record<string, { ids: string[]; brandIds: string[]; gzip: string }>,
  ).map(([path, page]) => [path, { ...page, body: Buffer.from(page.gzip, 'base64') }]),
);
const sql = postgres(url, { max: 10, onnotice: () => {} });

const CHECK = `select (select version from campaign_list_version) as list_version,
  (select coalesce(string_agg(c.id || '.' || c.xmin::text, ',' order by c.id collate "C"), '')
    from campaigns c where c.id = any($2)) as campaigns,
  (select coalesce(string_agg(u.id || '.' || u.xmin::text || ':' || coalesce(b.xmin::text, ''), ',' order by u.id collate "C"), '')
    from users u left join brand_profiles b on b.user_id = u.id where u.id = any($3)) as brands,
  exists (select 1 from claims c join campaigns k on k.id = c.campaign_id
    where c.creator_id = $1 and k.status <> 'published') as claims_unpublished,
  (select coalesce(json_agg(json_build_array(m.campaign_id, m.id, m.status)), '[]')
    from (select distinct on (campaign_id) campaign_id, id, status from claims
      where creator_id = $1 and campaign_id = any($2) order by campaign_id, created_at desc) m) as my_claims`;

createServer(async (req, res) => {
  try {
    const page = pages.get(req.url ?? '');
    const token = /(?:^|;\s*)kollab_session=([^;]+)/.exec(req.headers.cookie ?? '')?.[1] ?? '';
    const [id = '', secret = ''] = token.split('.');
    const [session] = await sql`select s.secret_hash, s.user_id, s.expires_at, u.suspended_at
      from sessions s join users u on u.id = s.user_id where s.id = ${id}`;
    const hash = createHash('sha256').update(secret).digest('hex');
    if (!page || !session || !timingSafeEqual(Buffer.from(hash), Buffer.from(session.secret_hash))) {
      res.writeHead(401).end();
      return;
    }
    await sql.unsafe(CHECK, [session.user_id, page.ids, page.brandIds], { prepare: true });
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(page.body);
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
}).listen(Number(port), '127.0.0.1');

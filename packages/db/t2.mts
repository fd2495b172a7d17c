import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
let t=Date.now();
const a = await PGlite.create({extensions:{pg_trgm, unaccent}});
console.log('create', Date.now()-t); t=Date.now();
await a.exec('create table x(a int); insert into x values (1)');
const dump = await a.dumpDataDir('none');
console.log('dump', Date.now()-t, dump.size); t=Date.now();
for (let i=0;i<3;i++){ t=Date.now();
const b = await PGlite.create({loadDataDir: dump, extensions:{pg_trgm, unaccent}});
console.log('load', Date.now()-t, (await b.query('select * from x')).rows);
}

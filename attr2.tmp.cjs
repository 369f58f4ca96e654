const fs=require('fs');const {SourceMapConsumer}=require('source-map-js');const zlib=require('zlib');
const f=process.argv[2];
const code=fs.readFileSync(f,'utf8');const map=new SourceMapConsumer(JSON.parse(fs.readFileSync(f+'.map','utf8')));
const lines=code.split('\n');const parts={};
let last=null;
const add=(k,s)=>{(parts[k]=parts[k]||[]).push(s)};
map.eachMapping(m=>{ if(last){ const key=last.source||'?'; const line=lines[last.generatedLine-1]; const end=m.generatedLine===last.generatedLine?m.generatedColumn:line.length; add(key,line.slice(last.generatedColumn,end)); } last=m; });
const pk={};for(const [s,arr] of Object.entries(parts)){const mm=s.match(/node_modules\/((@[^/]+\/)?[^/]+)/);const k=mm?mm[1]:s.replace(/.*\/src\//,'src/');pk[k]=(pk[k]||'')+arr.join('');}
for(const [k,t] of Object.entries(pk).sort((a,b)=>b[1].length-a[1].length).slice(0,+process.argv[3]||12))console.log(t.length, zlib.gzipSync(t,{level:9}).length,k);

# The live page phones open: one file, HTML + CSS + JS, nothing from the
# internet (a phone on the device's own network has none). Kept as a bytes
# constant so that, frozen into the firmware, it is served straight from
# flash (never copied to RAM); loaded from an .mpy it is in RAM only while
# Phones runs. It polls /api/version every second and fetches /api/match
# when that changes (only the new hands, net/api.py); it draws the sheet and saves the HTML and CSV as
# `gin export` writes them (host_tools/export/export_html.py and
# export_sheet.py: the tests hold the two to the same bytes), in the
# device's language ("lang" in the JSON). L holds the page's words per
# language, "|" between them, "@" for "Game %d: " (the first word's "Game
# %d" and ": "); gin export reads the sheet's words from it
# (host_tools/export/export_words.py). The first <style> is the saved
# sheet's own CSS (export_html.CSS), which the page uses too.
PAGE = rb"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Gin Rummy</title>
<style id="c">
body{font-family:system-ui,sans-serif;margin:1.5em;color:#222;max-width:60em}
h1{font-size:1.5em}
h2{border-bottom:2px solid #444;padding-bottom:.2em;margin-top:2em}
h3{margin-bottom:.3em}
table{border-collapse:collapse;margin:.5em 0 1em}
th,td{border:1px solid #bbb;padding:.15em .5em;text-align:right}
th{background:#eee}
td.text,th.text{text-align:left}
tr.total td{font-weight:bold;border-top:2px solid #444}
.a{color:#1f5fa8}
.b{color:#c0392b}
.damaged{background:#fff3f0;border:2px solid #c0392b;padding:.5em 1em}
.note{color:#555}
svg{display:block;margin:.5em 0}
@media print{h2{page-break-before:always}
.game{page-break-inside:avoid}
}
</style><style>
body{margin:.6em;max-width:40em}
#live{border:2px solid #444;border-radius:.5em;padding:.4em .6em;margin-bottom:.8em}
.tot{display:flex;justify-content:space-between;gap:.5em}
.tot div{flex:1;text-align:center}.big{font-size:2.6em;font-weight:bold}
#sheet table{font-size:.85em}#sheet th,#sheet td{padding:.1em .3em}h2{margin-top:1em}
.game{overflow-x:auto}svg{max-width:100%;height:auto}
button{font-size:1em;padding:.4em .8em;margin:.2em .4em .2em 0}
.sc{overflow-x:auto}.x{font-size:.75em}.x td,.x th{padding:.1em .2em;text-align:center}.x th.n{text-align:left;max-width:5.5em;overflow:hidden;white-space:nowrap;text-overflow:ellipsis}.x .w,.m .w{background:#e3f4e3}.x .l{background:#fbe5e1}.x .me{background:#ccc}
.br{display:flex;flex-wrap:wrap;gap:.3em}.m{border:1px solid #999;flex:1 1 9em;max-width:14em}.m div{display:flex;justify-content:space-between;gap:.3em;padding:0 .3em}.m .w{font-weight:bold}
</style></head><body>
<div id="live"><div class="note" id="state">...</div>
<div class="tot"><div><div class="a" id="name-a"></div><div class="big a" id="total-a">-</div></div>
<div><div class="b" id="name-b"></div><div class="big b" id="total-b">-</div></div></div>
<div id="line"></div></div>
<div id="club"></div>
<div><button id="save-html">HTML</button><button id="save-csv">CSV</button></div>
<div id="sheet"></div>
<script>
var L={en:"Game %d, to %d|Games won %d : %d, net %d : %d|%s deals next|Hands: %d|Waiting for the device|No answer from the device|Save the sheet|Save CSV|Club night %d: tables|Standings|late|not heard|Crosstable|Bracket|Round %d/%d|Final|Semi-finals|Quarter-finals|Champion: %s|bye|@running totals of %s and %s|target %d|start|hand|%s %d after hand %s|void: nobody went out|gin|Big Gin|knocks with %d|%s %s, %s has %d|: undercut|: scores as a gin|; %s held %s, %s %s|@%s wins|@under way|@not finished when the match was closed|dealer|what happened|won by|points| (doubled)|from hands|boxes (%d / %d hands won)|, added when the game ends|game bonus|shutout|final|so far|Match %d: %s v %s|finished|in progress|current|%s rules, target %d%s; first dealer %s. Hands: %d; games finished: %d. Net of finished games: %s, %s (games won %d : %d).|No hands played yet.|Gin Rummy score sheet|Exported from %s on %s: 1 match, %d hands.|the device's live page|No damaged files or records were found.",
fi:"Peli %d, %d pisteeseen|Pelej\xe4 voitettu %d : %d, netto %d : %d|%s jakaa seuraavaksi|K\xe4si\xe4: %d|Odotetaan laitetta|Laite ei vastaa|Tallenna taulukko|Tallenna CSV|Klubi-ilta %d: p\xf6yd\xe4t|Sarjataulukko|my\xf6h\xe4ss\xe4|ei kuulu|Ristitaulukko|Kaavio|Kierros %d/%d|Finaali|V\xe4li\xe4r\xe4t|Puoliv\xe4li\xe4r\xe4t|Mestari: %s|vapaa|@pistekertym\xe4, %s ja %s|tavoite %d|alku|jako|%s %d jaon %s j\xe4lkeen|mit\xe4t\xf6n jako: kukaan ei mennyt ulos|gin|iso gin|koputus %d|%s: %s, %s: j\xe4\xe4m\xe4t %d|: alitus|: lasketaan giniksi|; kortit %s: %s, %s: %s|@%s voitti|@kesken|@j\xe4i kesken, kun ottelu p\xe4\xe4tettiin|jakaja|mit\xe4 tapahtui|voittaja|pisteet| (tuplattu)|jaoista|jakobonus (voitetut jaot %d / %d)|, lis\xe4t\xe4\xe4n pelin p\xe4\xe4ttyess\xe4|pelibonus|nollapeli|lopputulos|t\xe4h\xe4n asti|Ottelu %d: %s - %s|p\xe4\xe4ttynyt|kesken|k\xe4ynniss\xe4|S\xe4\xe4nn\xf6t %s, tavoite %d%s; ensin jakaa %s. Jakoja: %d; pelej\xe4 p\xe4\xe4ttynyt: %d. P\xe4\xe4ttyneiden pelien netto: %s, %s (pelit %d : %d).|Ei viel\xe4 jakoja.|Gin Rummy -p\xf6yt\xe4kirja|L\xe4hde: %s, %s: 1 ottelu, %d jakoa.|laitteen live-sivu|Vioittuneita tiedostoja tai tietueita ei l\xf6ytynyt.",
it:"Gioco %d, a %d|Giochi vinti %d : %d, netto %d : %d|%s d\xe0 le carte|Mani: %d|In attesa del dispositivo|Il dispositivo non risponde|Salva il foglio|Salva CSV|Serata %d: tavoli|Classifica|in ritardo|non risponde|Incroci|Tabellone|Turno %d/%d|Finale|Semifinali|Quarti|Campione: %s|riposa|@punteggio progressivo di %s e %s|traguardo %d|inizio|mano|%s %d dopo la mano %s|mano nulla: nessuno ha chiuso|fa gin|fa Big Gin|bussa con %d|%s %s, %s ha %d|: sottotaglio|: vale come gin|; %s aveva %s, %s %s|@vince %s|@in corso|@non finito alla chiusura della partita|mazziere|cosa \xe8 successo|vincitore|punti| (raddoppiati)|dalle mani|bonus mano (mani vinte %d / %d)|, aggiunto a fine gioco|bonus gioco|cappotto|finale|finora|Partita %d: %s - %s|finita|in corso|in corso|Regole %s, traguardo %d%s; primo mazziere %s. Mani: %d; giochi finiti: %d. Netto dei giochi finiti: %s, %s (giochi vinti %d : %d).|Nessuna mano giocata.|Gin Rummy: foglio dei punti|Esportato da %s il %s: 1 partita, %d mani.|la pagina dal vivo del dispositivo|Nessun file o record danneggiato.",
pt:"Jogo %d, at\xe9 %d|Jogos ganhos %d : %d, l\xedquido %d : %d|%s d\xe1 a seguir|M\xe3os: %d|\xc0 espera do aparelho|O aparelho n\xe3o responde|Guardar a folha|Guardar CSV|Noite %d: mesas|Classifica\xe7\xe3o|atrasada|sem not\xedcias|Tabela cruzada|Chave|Rodada %d/%d|Final|Semifinais|Quartas|Campe\xe3o: %s|folga|@totais acumulados de %s e %s|meta %d|in\xedcio|m\xe3o|%s %d ap\xf3s a m\xe3o %s|m\xe3o nula: ningu\xe9m bateu|fez gin|fez Big Gin|bateu com %d|%s %s, %s tem %d|: rebatida|: vale como gin|; %s tinha %s, %s %s|@%s venceu|@em andamento|@n\xe3o terminado quando a partida foi encerrada|carteador|o que aconteceu|vencedor|pontos| (dobrados)|das m\xe3os|pr\xeamio por m\xe3o (m\xe3os ganhas %d / %d)|, somado no fim do jogo|pr\xeamio do jogo|capote|final|at\xe9 agora|Partida %d: %s x %s|encerrada|em andamento|em andamento|Regras %s, meta %d%s; primeiro a dar %s. M\xe3os: %d; jogos terminados: %d. Saldo dos jogos terminados: %s, %s (jogos ganhos %d : %d).|Nenhuma m\xe3o jogada ainda.|Gin Rummy: folha de pontos|Exportado de %s em %s: 1 partida, %d m\xe3os.|a p\xe1gina ao vivo do aparelho|Nenhum arquivo ou registro danificado foi encontrado."};
var k,T,LG="en",cur=null,ver=null,renders=0;for(k in L){T=L[k].split("|");L[k]=T.map(s=>s.replace("@",T[0].split(",")[0]+": "))}T=L.en;
var $=i=>document.getElementById(i),st=(i,v)=>$(i).textContent=v
function f(s){var a=arguments,k=1;return s.replace(/%[ds]/g,()=>a[k++])}
var esc=x=>String(x).replace(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g,"").replace(/[&<>"']/g,c=>"&"+{"&":"amp","<":"lt",">":"gt",'"':"quot","'":"#x27"}[c]+";")
var E=i=>esc(T[i])
var bdi=n=>"<bdi>"+esc(n)+"</bdi>"
var card=(c,pretty)=>{var r="A23456789TJQK"[c%13],s=c/13|0;return pretty?(r=="T"?"10":r)+"\u2663\u2666\u2665\u2660"[s]:r+"CDHS"[s]}
var held=(h,side,pretty)=>h[16]?h[16][side].map(c=>card(c,pretty)).join(" "):""
var f1=x=>{var q=x*4;return x>=0&&q===(q|0)&&q%4==1?(x|0)+".2":x.toFixed(1)}
var view=d=>{
LG=L.hasOwnProperty(d.lang)?d.lang:"en";T=L[LG];
var mv={d,number:d.number,status:d.status,names:d.names,games:[]},by={};
d.games.map(g=>{var v={number:g.game,d:g,points:[[0,0,0]],hands:[],target:g.target};mv.games.push(v);by[g.game]=v});
d.hands.map(h=>h[6].map((t,k)=>{var g=by[h[8]+k];if(g){g.points.push([h[0],t[0],t[1]]);g.hands.push(h)}}));
return mv}
var nm=(mv,l)=>l===null?"":mv.names["AB".indexOf(l)]
var COL=["#1f5fa8","#c0392b"],PL=44,PT=44;
var axis=v=>{for(var s of[5,10,20,25,50,100,200,250,500,1000,2000,2500,5000])if(Math.ceil(v/s)<=6)return[Math.max(1,Math.ceil(v/s))*s,s];return[Math.ceil(v/1e4)*1e4,1e4]}
var tx=(x,y,a,t,c)=>"<text"+(c||"")+' x="'+x+'" y="'+y+'" font-size="13"'+a+">"+t+"</text>",fl=p=>' fill="'+COL[p]+'"',mi=' text-anchor="middle"'
var chart=(mv,g)=>{
var pts=g.points,tg=g.target,N=mv.names,ax=axis(Math.max(10,tg||0,...pts.map(p=>Math.max(p[1],p[2])))),top=ax[0],n=pts.length-1,w=316,h=180,R=PL+w,x=i=>f1(PL+(n?w*i/n:0)),y=v=>PT+h-h*v/top,
ln=(v,a)=>"<line"+(a||"")+' x1="'+PL+'" y1="'+f1(y(v))+'" x2="'+R+'" y2="'+f1(y(v))+'" stroke="#',
o=['<svg xmlns="http://www.w3.org/2000/svg" class="chart" data-match="'+mv.number+'" data-game="'+g.number+'" width="400" height="260" viewBox="0 0 400 260" role="img" aria-label="'+esc(f(T[20],g.number,N[0],N[1]))+'">'];
[0,1].map(p=>o.push(tx(PL,15+17*p,fl(p),esc(N[p]),' class="legend"')));
o.push('<rect x="'+PL+'" y="'+PT+'" width="'+w+'" height="'+h+'" fill="#fafafa" stroke="#999"/>');
for(var v=0;v<=top;v+=ax[1])o.push(ln(v)+'ddd"/>',tx(PL-4,f1(y(v)+4),' text-anchor="end"',v));
if(tg)o.push(ln(tg,' class="target"')+'444" stroke-dasharray="5,4"/>',tx(PL+4,f1(y(tg)-4),' fill="#444"',esc(f(T[21],tg))));
for(var i=0;i<=n;i+=Math.max(1,(n+9)/10|0))o.push(tx(x(i),239,mi,esc(i?pts[i][0]:T[22])));
o.push(tx(PL+w/2,256,mi,E(23)));
[0,1].map(p=>{var Y=pt=>f1(y(pt[1+p]));
o.push('<polyline class="player-'+"ab"[p]+'" fill="none" stroke="'+COL[p]+'" stroke-width="2.5" points="'+pts.map((pt,i)=>x(i)+","+Y(pt)).join(" ")+'"/>');
pts.map((pt,i)=>o.push('<circle cx="'+x(i)+'" cy="'+Y(pt)+'" r="3"'+fl(p)+"><title>"+esc(f(T[24],N[p],pt[1+p],pt[0]||"-"))+"</title></circle>"))});
var la=pts[n],ya=y(la[1])+4,yb=y(la[2])+4,m=(ya+yb)/2,d=la[1]<=la[2]?7:-7;
if(Math.abs(ya-yb)<14){ya=m+d;yb=m-d}
[ya,yb].map((q,p)=>o.push(tx(R+3,f1(q),fl(p),la[1+p])));
o.push("</svg>");return o.join("\n")}
var what=(mv,h)=>{
if(h[9]===null)return T[25];
var who=mv.names[h[9]],oth=mv.names[1-h[9]],t=f(T[29],who,h[10]=="gin"?T[26]:h[10]=="big_gin"?T[27]:f(T[28],h[11]),oth,h[12]);
if(h[3]=="undercut")t+=T[30];else if(h[3]=="gin"&&h[10]=="knock")t+=T[31];
if(h[16])t+=f(T[32],who,held(h,0,1),oth,held(h,1,1));return t}
var td=(v,c)=>"<td"+(c?' class="text"':"")+">"+esc(v)+"</td>"
var th=(i,c)=>"<th"+(c?' class="text"':"")+">"+E(i)+"</th>"
var ab=mv=>'<th class="a">'+esc(mv.names[0])+'</th><th class="b">'+esc(mv.names[1])+"</th></tr>"
var r3=(l,v,c)=>"<tr"+(c||"")+">"+td(l,1)+td(v[0])+td(v[1])+"</tr>"
var any=a=>a[0]!=0||a[1]!=0
var game=(mv,g)=>{
var d=g.d,o=['<div class="game" id="match-'+mv.number+"-game-"+g.number+'">',"<h3>"+esc(d.over?f(T[33],g.number,nm(mv,d.winner)):f(T[mv.status=="current"?34:35],g.number))+"</h3>",chart(mv,g)];
o.push('<table class="hands"><tr>'+th(23)+th(36,1)+th(37,1)+th(38,1)+th(39)+ab(mv));
g.hands.map((h,i)=>{var p=g.points[i+1];
o.push("<tr>"+td(p[0])+td(nm(mv,h[1]),1)+td(what(mv,h),1)+td(nm(mv,h[2])||"-",1)+td(h[2]?h[4]+(h[5]?T[40]:""):"-")+td(p[1])+td(p[2])+"</tr>")});
o.push("</table>");
var rows=[[T[41],d.score]];
if(any(d.box_bonus))rows.push([f(T[42],d.boxes[0],d.boxes[1])+(!d.over&&(d.final[0]!==d.score[0]+d.box_bonus[0]||d.final[1]!==d.score[1]+d.box_bonus[1])?T[43]:""),d.box_bonus]);
if(any(d.game_bonus))rows.push([T[44],d.game_bonus]);if(any(d.shutout))rows.push([T[45],d.shutout]);
o.push('<table class="bonuses"><tr><th class="text"></th>'+ab(mv));
rows.map(r=>o.push(r3(r[0],r[1])));
o.push(r3(T[d.over?46:47],d.final,' class="total"'),"</table></div>");return o.join("\n")}
var vs=mv=>f(E(48),mv.number,bdi(mv.names[0]),bdi(mv.names[1]))
var match=mv=>{
var d=mv.d,won=[0,0];mv.games.map(g=>{if(g.d.over)won["AB".indexOf(g.d.winner)]++});
var o=['<section class="match" id="match-'+mv.number+'">',"<h2>"+vs(mv)+" ("+E(mv.status=="finished"?49:50)+")</h2>"];
o.push("<p>"+f(E(52),esc(d.rules),d.target,d.hollywood?", Hollywood":"",bdi(nm(mv,d.first_dealer)),d.hands.length,won[0]+won[1],'<span class="a">'+bdi(mv.names[0])+" "+d.net[0]+"</span>",'<span class="b">'+bdi(mv.names[1])+" "+d.net[1]+"</span>",won[0],won[1])+"</p>");
if(!mv.games.length)o.push('<p class="note">'+E(53)+"</p>");
mv.games.map(g=>o.push(game(mv,g)));o.push("</section>");return o.join("\n")}
var sheet=(mv,when)=>{
var b=["<h1>"+E(54)+"</h1>",'<p class="note">'+f(E(55),E(56),esc(when),mv.d.hands.length)+"</p>",'<p class="note" id="damaged">'+E(57)+"</p>",
'<ul><li><a href="#match-'+mv.number+'">'+vs(mv)+"</a> ("+E(mv.status=="finished"?49:51)+")</li></ul>",match(mv)];
return'<!DOCTYPE html>\n<html lang="'+LG+'">\n<head>\n<meta charset="utf-8">\n<title>'+E(54)+"</title>\n<style>"+$("c").textContent+"</style>\n</head>\n<body>\n"+b.join("\n")+"\n</body>\n</html>\n"}
var COLS="match,status,player_a,player_b,rules,game,hand,dealer,went_out,how,knocker_deadwood,defender_deadwood,knock_limit,upcard,outcome,winner,points,doubled,total_a,total_b,knocker_cards,defender_cards";
var hex=(n,w)=>n.toString(16).padStart(w,"0")
var cell=v=>{if(typeof v!="string")return v;
v=Array.from(v).map(ch=>{if(!/[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/u.test(ch))return ch;var n=ch.codePointAt(0);return n<256?"\\x"+hex(n,2):n<65536?"\\u"+hex(n,4):"\\U"+hex(n,8)}).join("");
return/^[=+\-@\t\r]/.test(v)?"'"+v:v}
var cq=v=>{v=String(cell(v));return/[",\r\n]/.test(v)?'"'+v.replace(/"/g,'""')+'"':v}
var csv=mv=>{
var o=[COLS];mv.d.hands.map(h=>{var vd=h[9]===null;h[6].map((t,k)=>
o.push([mv.number,mv.status,mv.names[0],mv.names[1],h[15],h[8]+k,h[0],nm(mv,h[1]),vd?"":mv.names[h[9]],h[10],vd?"":h[11],vd?"":h[12],h[13]===null?"":h[13],h[14],h[3],nm(mv,h[2]),h[4],h[5]?"yes":"",t[0],t[1],held(h,0,0),held(h,1,0)].map(cq).join(",")))});
return o.join("\n")+"\n"}
var save=(name,type,text)=>{var a=document.createElement("a");a.href=URL.createObjectURL(new Blob([text],{type}));a.download=name;document.body.appendChild(a);a.click();a.remove()}
var club=c=>{
if(!c)return"";var h="<h3>"+esc(f(T[8],c.evening))+"</h3><table>";
c.tables.map(r=>{h+="<tr><td>T"+r.t+"</td>";if(!r.ref){h+="<td>-</td></tr>";return}
h+="<td>"+esc(r.ref)+"</td><td><bdi>"+esc(r.names[0])+"</bdi> - <bdi>"+esc(r.names[1])+"</bdi></td><td>"+
(r.s?r.s[0]+" : "+r.s[1]+(r.g[0]+r.g[1]?" ("+r.g[0]+" : "+r.g[1]+")":""):"")+"</td><td>"+
(r.late?E(10):"")+(r.quiet?" "+E(11):"")+"</td></tr>"});
h+="</table><h3>"+E(9)+"</h3><table>";
c.standings.map(r=>{h+="<tr><td>"+(r[1]?"=":"")+r[0]+"</td><td><bdi>"+esc(r[2])+"</bdi></td><td>"+r[4]+"/"+r[3]+
"</td><td>"+(r[5]>0?"+":"")+r[5]+"</td></tr>"});return h+"</table>"+(c.format==1?bracket(c):cross(c))}
var side=(q,p)=>q[1]===p?0:1
var mark=(c,q,p)=>{var s=side(q,p);return(q[4]===s?"W":"L")+(q[3]==3?"wo":q[3]==4?"ff":"")+(c.best_of>1?" "+q[5+s]+"-"+q[6-s]:"")+"<br><small>"+q[7+s]+"-"+q[8-s]+"</small>"}
var xcell=(c,q,p,txt)=>"<td"+(q&&q[3]>1&&q[3]<5?' class="'+(q[4]===side(q,p)?"w":"l")+'"':"")+">"+txt+"</td>"
var cross=c=>{
var o=c.standings.map(r=>c.names.indexOf(r[2])),no={},res={},sw=c.format==2,n=sw?0:o.length,h;
o.map((p,i)=>{no[p]=i+1});
c.pairings.map(q=>{if(sw)n=Math.max(n,q[0]);res[sw?q[0]+","+q[1]:q[1]+","+q[2]]=q;if(q[2]!==null)res[sw?q[0]+","+q[2]:q[2]+","+q[1]]=q});
h="<h3>"+E(12)+'</h3><div class="sc"><table class="x"><tr><th></th>';
for(var j=1;j<=n;j++)h+="<th>"+j+"</th>";h+="<th>W</th></tr>";
o.map((p,i)=>{h+='<tr data-p="'+esc(c.names[p])+'"><th class="n">'+(i+1)+" "+bdi(c.names[p])+"</th>";
for(var j=1;j<=n;j++){var q=sw?res[j+","+p]:res[p+","+o[j-1]];
if(!sw&&o[j-1]===p){h+='<td class="me"></td>';continue}
if(!q){h+="<td></td>";continue}
var v=q[2]===null?"":"v"+no[q[1]===p?q[2]:q[1]];
h+=xcell(c,q,p,q[3]==5?E(19):q[3]<2?(sw?v:""):(sw?mark(c,q,p).replace("<br>"," "+v+"<br>"):mark(c,q,p)))}
h+="<td>"+c.standings[i][4]+"</td></tr>"});return h+"</table></div>"}
var bracket=c=>{
var size=1,h="<h3>"+E(13)+"</h3>",champ=null;while(size<c.names.length)size*=2;
for(var r=1;r<=c.rounds;r++){var ms=c.pairings.filter(q=>q[0]===r),left=c.rounds-r;
h+="<h4>"+esc(left<3?T[15+left]:f(T[14],r,c.rounds))+'</h4><div class="br">';
for(var i=0;i<size>>r;i++){var q=ms[i];
if(!q){h+='<div class="m" data-r="'+r+'"><div>-</div><div>-</div></div>';continue}
var done=q[3]>1&&q[3]<5,w=q[3]==5?0:q[4];if(r===c.rounds&&w!==null)champ=q[1+w];
h+='<div class="m" data-r="'+r+'">';[0,1].map(s=>{var p=q[1+s];
h+="<div"+(w===s?' class="w"':"")+">"+(p===null?E(19):bdi(c.names[p]))+"<span>"+(done?q[5+s]:"")+"</span></div>"});h+="</div>"}
h+="</div>"}
return h+(champ===null?"":'<p class="champ"><b>'+esc(f(T[18],c.names[champ]))+"</b></p>")}
var show=d=>{
cur=d;var mv=view(d),g=null;document.documentElement.lang=LG;mv.games.map(x=>{if(!x.d.over||!g)g=x});
st("name-a",d.names[0]);st("name-b",d.names[1]);
var fa=g?g.d.final:[0,0];st("total-a",fa[0]);st("total-b",fa[1]);
st("state",(g?f(T[0],g.number,g.target):f(T[0],1,d.target))+" \u00b7 "+f(T[3],d.hands.length));
st("line",f(T[1],d.games_won[0],d.games_won[1],d.net[0],d.net[1])+" \u00b7 "+f(T[2],nm(mv,d.next_dealer)));
st("save-html",T[6]);st("save-csv",T[7]);
var B=document.body.dataset;B.hands=d.hands.length;B.renders=++renders;B.v=d.v;
$("club").innerHTML=club(d.club);$("sheet").innerHTML=match(mv)}
var merge=(c,d)=>{if(d.from){d.hands=c.hands.slice(0,d.from).concat(d.hands);d.games=c.games.slice(0,d.games_from).concat(d.games)}return d}
var C={cache:"no-store"},poll=()=>{
fetch("/api/version",C).then(r=>r.json()).then(j=>{
if(j.v===ver)return;return fetch("/api/match"+(cur?"?from="+cur.hands.length+"&v="+ver:""),C).then(r=>r.json()).then(d=>{ver=d.v;show(merge(cur,d))})
}).catch(()=>{st("state",T[cur?5:4])}).then(()=>{setTimeout(poll,1000)})}
if(typeof document!="undefined"){
$("save-html").onclick=()=>{if(cur)save("score-sheet.html","text/html",sheet(view(cur),new Date(Date.now()-6e4*new Date().getTimezoneOffset()).toISOString().slice(0,16).replace("T"," ")))};
$("save-csv").onclick=()=>{if(cur)save("hands.csv","text/csv",csv(view(cur)))};
st("state",T[4]);poll()}
</script></body></html>
"""

# The live page phones open: one file, HTML + CSS + JS, nothing from the
# internet (a phone on the device's own network has none). Kept as a bytes
# constant so that, frozen into the firmware, it is served straight from
# flash (never copied to RAM); loaded from an .mpy it is in RAM only while
# Phones runs. It polls /api/version every second and fetches /api/match
# when that changes (only the new hands, net/api.py); it draws the sheet and saves the HTML and CSV as
# `gin export` writes them (host_tools/export/export_html.py and
# export_sheet.py: the tests hold the two to the same bytes).
PAGE = rb"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Gin Rummy</title>
<style>
body{font-family:system-ui,sans-serif;margin:.6em;color:#222;max-width:40em}
#live{border:2px solid #444;border-radius:.5em;padding:.4em .6em;margin-bottom:.8em}
.tot{display:flex;justify-content:space-between;gap:.5em}
.tot div{flex:1;text-align:center}.big{font-size:2.6em;font-weight:bold}
.a{color:#1f5fa8}.b{color:#c0392b}.note{color:#555}
#sheet table{border-collapse:collapse;margin:.5em 0 1em;font-size:.85em}
#sheet th,#sheet td{border:1px solid #bbb;padding:.1em .3em;text-align:right}
#sheet th{background:#eee}#sheet td.text,#sheet th.text{text-align:left}
#sheet tr.total td{font-weight:bold;border-top:2px solid #444}
#sheet .game{overflow-x:auto}svg{display:block;max-width:100%;height:auto}
button{font-size:1em;padding:.4em .8em;margin:.2em .4em .2em 0}
.sc{overflow-x:auto}table.x{border-collapse:collapse;font-size:.75em}.x td,.x th{border:1px solid #bbb;padding:.1em .2em;text-align:center}.x th.n{text-align:left;max-width:5.5em;overflow:hidden;white-space:nowrap;text-overflow:ellipsis}.x .w,.m .w{background:#e3f4e3}.x .l{background:#fbe5e1}.x .me{background:#ccc}
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
"use strict";
var L={en:["Game %d, to %d","Games won %d : %d, net %d : %d","%s deals next","Hands: %d","Waiting for the device","No answer from the device","Save the sheet","Save CSV","Club night %d: tables","Standings","late","not heard","Crosstable","Bracket","Round %d/%d","Final","Semi-finals","Quarter-finals","Champion: %s","bye"],
fi:["Peli %d, %d pisteeseen","Pelej\u00e4 voitettu %d : %d, netto %d : %d","%s jakaa seuraavaksi","K\u00e4si\u00e4: %d","Odotetaan laitetta","Laite ei vastaa","Tallenna taulukko","Tallenna CSV","Klubi-ilta %d: p\u00f6yd\u00e4t","Sarjataulukko","my\u00f6h\u00e4ss\u00e4","ei kuulu","Ristitaulukko","Kaavio","Kierros %d/%d","Finaali","V\u00e4li\u00e4r\u00e4t","Puoliv\u00e4li\u00e4r\u00e4t","Mestari: %s","vapaa"],
it:["Partita %d, a %d","Partite vinte %d : %d, netto %d : %d","%s d\u00e0 le carte","Mani: %d","In attesa del dispositivo","Il dispositivo non risponde","Salva il foglio","Salva CSV","Serata %d: tavoli","Classifica","in ritardo","non risponde","Incroci","Tabellone","Turno %d/%d","Finale","Semifinali","Quarti","Campione: %s","riposa"],
pt:["Jogo %d, at\u00e9 %d","Jogos ganhos %d : %d, l\u00edquido %d : %d","%s d\u00e1 a seguir","M\u00e3os: %d","\u00c0 espera do aparelho","O aparelho n\u00e3o responde","Guardar a folha","Guardar CSV","Noite %d: mesas","Classifica\u00e7\u00e3o","atrasada","sem not\u00edcias","Tabela cruzada","Chave","Rodada %d/%d","Final","Semifinais","Quartas","Campe\u00e3o: %s","folga"]};
var T=L.en,cur=null,ver=null,renders=0;
function $(i){return document.getElementById(i)}
function f(s){var a=arguments,k=1;return s.replace(/%[ds]/g,function(){return String(a[k++])})}
var BIDI=/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
function esc(x){return String(x).replace(BIDI,"").replace(/&/g,"&amp;").replace(/</g,"&lt;").replace(/>/g,"&gt;").replace(/"/g,"&quot;").replace(/'/g,"&#x27;")}
function bdi(n){return"<bdi>"+esc(n)+"</bdi>"}
function card(c,pretty){var r="A23456789TJQK"[c%13];return pretty?(r==="T"?"10":r)+"\u2663\u2666\u2665\u2660"[Math.floor(c/13)]:r+"CDHS"[Math.floor(c/13)]}
function held(h,side,pretty){return h[CARDS]?h[CARDS][side].map(function(c){return card(c,pretty)}).join(" "):""}
function f1(x){var q=x*4;if(x>=0&&q===Math.floor(q)&&q%4===1)return Math.floor(x)+".2";return x.toFixed(1)}
var HAND=0,DEALER=1,WINNER=2,OUTCOME=3,POINTS=4,DOUBLED=5,TOTALS=6,FIRST=8,OUT=9,HOW=10,KD=11,DD=12,LIMIT=13,UP=14,RULES=15,CARDS=16;
function view(d){
var mv={d:d,number:d.number,status:d.status,names:d.names,games:[]},by={};
d.games.forEach(function(g){var v={number:g.game,d:g,points:[[0,0,0]],hands:[],target:g.target};mv.games.push(v);by[g.game]=v});
d.hands.forEach(function(h){h[TOTALS].forEach(function(t,k){var g=by[h[FIRST]+k];if(g){g.points.push([h[HAND],t[0],t[1]]);g.hands.push(h)}})});
return mv}
function nm(mv,l){return l===null?"":mv.names["AB".indexOf(l)]}
var COL=["#1f5fa8","#c0392b"],CW=400,CH=260,PL=44,PR=40,PT=44,PB=36,FS=' font-size="13"';
function axis(v){var s=[5,10,20,25,50,100,200,250,500,1000,2000,2500,5000,10000];for(var i=0;i<s.length;i++){if(Math.ceil(v/s[i])<=6)return[Math.max(1,Math.ceil(v/s[i]))*s[i],s[i]]}return[Math.ceil(v/10000)*10000,10000]}
function chart(mv,g){
var pts=g.points,tg=g.target,top=Math.max(10,tg||0);pts.forEach(function(p){top=Math.max(top,p[1],p[2])});
var ax=axis(top);top=ax[0];var step=ax[1],n=pts.length-1,w=CW-PL-PR,h=CH-PT-PB;
function x(i){return PL+(n?w*i/n:0)}function y(v){return PT+h-h*v/top}
var o=['<svg xmlns="http://www.w3.org/2000/svg" class="chart" data-match="'+mv.number+'" data-game="'+g.number+'" width="'+CW+'" height="'+CH+'" viewBox="0 0 '+CW+' '+CH+'" role="img" aria-label="'+esc(f("Game %d: running totals of %s and %s",g.number,mv.names[0],mv.names[1]))+'">'];
[0,1].forEach(function(p){o.push('<text class="legend" x="'+PL+'" y="'+(15+17*p)+'"'+FS+' fill="'+COL[p]+'">'+esc(mv.names[p])+'</text>')});
o.push('<rect x="'+PL+'" y="'+PT+'" width="'+w+'" height="'+h+'" fill="#fafafa" stroke="#999"/>');
for(var v=0;v<=top;v+=step){o.push('<line x1="'+PL+'" y1="'+f1(y(v))+'" x2="'+(PL+w)+'" y2="'+f1(y(v))+'" stroke="#ddd"/>');o.push('<text x="'+(PL-4)+'" y="'+f1(y(v)+4)+'"'+FS+' text-anchor="end">'+v+'</text>')}
if(tg){o.push('<line class="target" x1="'+PL+'" y1="'+f1(y(tg))+'" x2="'+(PL+w)+'" y2="'+f1(y(tg))+'" stroke="#444" stroke-dasharray="5,4"/>');o.push('<text x="'+(PL+4)+'" y="'+f1(y(tg)-4)+'"'+FS+' fill="#444">target '+tg+'</text>')}
var ev=Math.max(1,Math.floor((n+9)/10));
for(var i=0;i<=n;i+=ev)o.push('<text x="'+f1(x(i))+'" y="'+(PT+h+15)+'"'+FS+' text-anchor="middle">'+(i?String(pts[i][0]):"start")+'</text>');
o.push('<text x="'+(PL+Math.floor(w/2))+'" y="'+(CH-4)+'"'+FS+' text-anchor="middle">hand</text>');
[0,1].forEach(function(p){
o.push('<polyline class="player-'+"ab"[p]+'" fill="none" stroke="'+COL[p]+'" stroke-width="2.5" points="'+pts.map(function(pt,i){return f1(x(i))+","+f1(y(pt[1+p]))}).join(" ")+'"/>');
pts.forEach(function(pt,i){o.push('<circle cx="'+f1(x(i))+'" cy="'+f1(y(pt[1+p]))+'" r="3" fill="'+COL[p]+'"><title>'+esc(mv.names[p]+" "+pt[1+p]+" after hand "+(pt[0]||"-"))+'</title></circle>')})});
var la=pts[n],ya=y(la[1])+4,yb=y(la[2])+4;
if(Math.abs(ya-yb)<14){var mid=(ya+yb)/2;if(la[1]<=la[2]){ya=mid+7;yb=mid-7}else{ya=mid-7;yb=mid+7}}
[[0,ya],[1,yb]].forEach(function(q){var p=q[0];o.push('<text x="'+(PL+w+3)+'" y="'+f1(q[1])+'"'+FS+' fill="'+COL[p]+'">'+la[1+p]+'</text>')});
o.push("</svg>");return o.join("\n")}
function what(mv,h){
if(h[OUT]===null)return"void: nobody went out";
var who=mv.names[h[OUT]],oth=mv.names[1-h[OUT]],how=h[HOW]==="gin"?"gin":h[HOW]==="big_gin"?"Big Gin":"knocks with "+h[KD];
var t=who+" "+how+", "+oth+" has "+h[DD];
if(h[OUTCOME]==="undercut")t+=": undercut";else if(h[OUTCOME]==="gin"&&h[HOW]==="knock")t+=": scores as a gin";
if(h[CARDS])t+="; "+who+" held "+held(h,0,1)+", "+oth+" "+held(h,1,1);return t}
function td(v,c){return"<td"+(c?' class="'+c+'"':"")+">"+esc(v)+"</td>"}
function any(a){return a[0]!==0||a[1]!==0}
function game(mv,g){
var d=g.d,head=d.over?f("Game %d: %s wins",g.number,nm(mv,d.winner)):mv.status==="current"?f("Game %d: under way",g.number):f("Game %d: not finished when the match was closed",g.number);
var o=['<div class="game" id="match-'+mv.number+"-game-"+g.number+'">',"<h3>"+esc(head)+"</h3>",chart(mv,g)];
o.push('<table class="hands"><tr><th>hand</th><th class="text">dealer</th><th class="text">what happened</th><th class="text">won by</th><th>points</th><th class="a">'+esc(mv.names[0])+'</th><th class="b">'+esc(mv.names[1])+"</th></tr>");
g.hands.forEach(function(h,i){var p=g.points[i+1],won=nm(mv,h[WINNER])||"-",pt=h[WINNER]?h[POINTS]+(h[DOUBLED]?" (doubled)":""):"-";
o.push("<tr>"+td(p[0])+td(nm(mv,h[DEALER]),"text")+td(what(mv,h),"text")+td(won,"text")+td(pt)+td(p[1])+td(p[2])+"</tr>")});
o.push("</table>");
var rows=[["from hands",d.score]];
if(any(d.box_bonus)){var lb=f("boxes (%d / %d hands won)",d.boxes[0],d.boxes[1]);if(!d.over&&(d.final[0]!==d.score[0]+d.box_bonus[0]||d.final[1]!==d.score[1]+d.box_bonus[1]))lb+=", added when the game ends";rows.push([lb,d.box_bonus])}
if(any(d.game_bonus))rows.push(["game bonus",d.game_bonus]);if(any(d.shutout))rows.push(["shutout",d.shutout]);
o.push('<table class="bonuses"><tr><th class="text"></th><th class="a">'+esc(mv.names[0])+'</th><th class="b">'+esc(mv.names[1])+"</th></tr>");
rows.forEach(function(r){o.push("<tr>"+td(r[0],"text")+td(r[1][0])+td(r[1][1])+"</tr>")});
o.push('<tr class="total">'+td(d.over?"final":"so far","text")+td(d.final[0])+td(d.final[1])+"</tr>");o.push("</table></div>");return o.join("\n")}
function match(mv){
var d=mv.d,won=[0,0];mv.games.forEach(function(g){if(g.d.over)won["AB".indexOf(g.d.winner)]++});
var o=['<section class="match" id="match-'+mv.number+'">',"<h2>Match "+mv.number+": "+bdi(mv.names[0])+" v "+bdi(mv.names[1])+" ("+(mv.status==="finished"?"finished":"in progress")+")</h2>"];
o.push("<p>"+esc(d.rules)+" rules, target "+d.target+(d.hollywood?", Hollywood":"")+"; first dealer "+bdi(nm(mv,d.first_dealer))+". Hands: "+d.hands.length+"; games finished: "+(won[0]+won[1])+'. Net of finished games: <span class="a">'+bdi(mv.names[0])+" "+d.net[0]+'</span>, <span class="b">'+bdi(mv.names[1])+" "+d.net[1]+"</span> (games won "+won[0]+" : "+won[1]+").</p>");
if(!mv.games.length)o.push('<p class="note">No hands played yet.</p>');
mv.games.forEach(function(g){o.push(game(mv,g))});o.push("</section>");return o.join("\n")}
var CSS="\nbody { font-family: system-ui, sans-serif; margin: 1.5em; color: #222; max-width: 60em; }\nh1 { font-size: 1.5em; } h2 { border-bottom: 2px solid #444; padding-bottom: .2em; margin-top: 2em; }\nh3 { margin-bottom: .3em; }\ntable { border-collapse: collapse; margin: .5em 0 1em; }\nth, td { border: 1px solid #bbb; padding: .15em .5em; text-align: right; }\nth { background: #eee; } td.text, th.text { text-align: left; }\ntr.total td { font-weight: bold; border-top: 2px solid #444; }\n.a { color: #1f5fa8; } .b { color: #c0392b; }\n.damaged { background: #fff3f0; border: 2px solid #c0392b; padding: .5em 1em; }\n.note { color: #555; }\nsvg { display: block; margin: .5em 0; }\n@media print { h2 { page-break-before: always; } .game { page-break-inside: avoid; } }\n";
function sheet(mv,when){
var n=mv.d.hands.length,b=["<h1>Gin Rummy score sheet</h1>",'<p class="note">Exported from '+esc("the device's live page")+" on "+esc(when)+": 1 match, "+n+" hands.</p>",'<p class="note" id="damaged">No damaged files or records were found.</p>'];
b.push('<ul><li><a href="#match-'+mv.number+'">Match '+mv.number+": "+bdi(mv.names[0])+" v "+bdi(mv.names[1])+"</a> ("+esc(mv.status)+")</li></ul>");b.push(match(mv));
return'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Gin Rummy score sheet</title>\n<style>'+CSS+"</style>\n</head>\n<body>\n"+b.join("\n")+"\n</body>\n</html>\n"}
var COLS=["match","status","player_a","player_b","rules","game","hand","dealer","went_out","how","knocker_deadwood","defender_deadwood","knock_limit","upcard","outcome","winner","points","doubled","total_a","total_b","knocker_cards","defender_cards"];
var HIDDEN=/[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}]/u;
function hex(n,w){var s=n.toString(16);while(s.length<w)s="0"+s;return s}
function cell(v){if(typeof v!=="string")return v;
v=Array.from(v).map(function(ch){if(!HIDDEN.test(ch))return ch;var n=ch.codePointAt(0);return n<256?"\\x"+hex(n,2):n<65536?"\\u"+hex(n,4):"\\U"+hex(n,8)}).join("");
return/^[=+\-@\t\r]/.test(v)?"'"+v:v}
function cq(v){v=String(cell(v));return/[",\r\n]/.test(v)?'"'+v.replace(/"/g,'""')+'"':v}
function csv(mv){
var o=[COLS.join(",")];mv.d.hands.forEach(function(h){var vd=h[OUT]===null;h[TOTALS].forEach(function(t,k){
o.push([mv.number,mv.status,mv.names[0],mv.names[1],h[RULES],h[FIRST]+k,h[HAND],nm(mv,h[DEALER]),vd?"":mv.names[h[OUT]],h[HOW],vd?"":h[KD],vd?"":h[DD],h[LIMIT]===null?"":h[LIMIT],h[UP],h[OUTCOME],nm(mv,h[WINNER]),h[POINTS],h[DOUBLED]?"yes":"",t[0],t[1],held(h,0,0),held(h,1,0)].map(cq).join(","))})});
return o.join("\n")+"\n"}
function save(name,type,text){var a=document.createElement("a");a.href=URL.createObjectURL(new Blob([text],{type:type}));a.download=name;document.body.appendChild(a);a.click();a.remove()}
function club(c){
if(!c)return"";var h="<h3>"+esc(f(T[8],c.evening))+"</h3><table>";
c.tables.forEach(function(r){h+="<tr><td>T"+r.t+"</td>";if(!r.ref){h+="<td>-</td></tr>";return}
h+="<td>"+esc(r.ref)+"</td><td><bdi>"+esc(r.names[0])+"</bdi> - <bdi>"+esc(r.names[1])+"</bdi></td><td>"+
(r.s?r.s[0]+" : "+r.s[1]+(r.g[0]+r.g[1]?" ("+r.g[0]+" : "+r.g[1]+")":""):"")+"</td><td>"+
(r.late?esc(T[10]):"")+(r.quiet?" "+esc(T[11]):"")+"</td></tr>"});
h+="</table><h3>"+esc(T[9])+"</h3><table>";
c.standings.forEach(function(r){h+="<tr><td>"+(r[1]?"=":"")+r[0]+"</td><td><bdi>"+esc(r[2])+"</bdi></td><td>"+r[4]+"/"+r[3]+
"</td><td>"+(r[5]>0?"+":"")+r[5]+"</td></tr>"});return h+"</table>"+(c.format===1?bracket(c):cross(c))}
function side(q,p){return q[1]===p?0:1}
function mark(c,q,p){var s=side(q,p);return(q[4]===s?"W":"L")+(q[3]===3?"wo":q[3]===4?"ff":"")+(c.best_of>1?" "+q[5+s]+"-"+q[6-s]:"")+"<br><small>"+q[7+s]+"-"+q[8-s]+"</small>"}
function xcell(c,q,p,txt){return"<td"+(q&&q[3]>1&&q[3]<5?' class="'+(q[4]===side(q,p)?"w":"l")+'"':"")+">"+txt+"</td>"}
function cross(c){
var o=c.standings.map(function(r){return c.names.indexOf(r[2])}),no={},res={},sw=c.format===2,n=sw?0:o.length,h;
o.forEach(function(p,i){no[p]=i+1});
c.pairings.forEach(function(q){if(sw)n=Math.max(n,q[0]);res[sw?q[0]+","+q[1]:q[1]+","+q[2]]=q;if(q[2]!==null)res[sw?q[0]+","+q[2]:q[2]+","+q[1]]=q});
h="<h3>"+esc(T[12])+'</h3><div class="sc"><table class="x"><tr><th></th>';
for(var j=1;j<=n;j++)h+="<th>"+j+"</th>";h+="<th>W</th></tr>";
o.forEach(function(p,i){h+='<tr data-p="'+esc(c.names[p])+'"><th class="n">'+(i+1)+" "+bdi(c.names[p])+"</th>";
for(var j=1;j<=n;j++){var q=sw?res[j+","+p]:res[p+","+o[j-1]];
if(!sw&&o[j-1]===p){h+='<td class="me"></td>';continue}
if(!q){h+="<td></td>";continue}
var v=q[2]===null?"":"v"+no[q[1]===p?q[2]:q[1]];
h+=xcell(c,q,p,q[3]===5?esc(T[19]):q[3]<2?(sw?v:""):(sw?mark(c,q,p).replace("<br>"," "+v+"<br>"):mark(c,q,p)))}
h+="<td>"+c.standings[i][4]+"</td></tr>"});return h+"</table></div>"}
function bracket(c){
var size=1,h="<h3>"+esc(T[13])+"</h3>",champ=null;while(size<c.names.length)size*=2;
for(var r=1;r<=c.rounds;r++){var ms=c.pairings.filter(function(q){return q[0]===r}),left=c.rounds-r;
h+="<h4>"+esc(left<3?T[15+left]:f(T[14],r,c.rounds))+'</h4><div class="br">';
for(var i=0;i<size>>r;i++){var q=ms[i];
if(!q){h+='<div class="m" data-r="'+r+'"><div>-</div><div>-</div></div>';continue}
var done=q[3]>1&&q[3]<5,w=q[3]===5?0:q[4];if(r===c.rounds&&w!==null)champ=q[1+w];
h+='<div class="m" data-r="'+r+'">';[0,1].forEach(function(s){var p=q[1+s];
h+="<div"+(w===s?' class="w"':"")+">"+(p===null?esc(T[19]):bdi(c.names[p]))+"<span>"+(done?q[5+s]:"")+"</span></div>"});h+="</div>"}
h+="</div>"}
return h+(champ===null?"":'<p class="champ"><b>'+esc(f(T[18],c.names[champ]))+"</b></p>")}
function show(d){
cur=d;T=L[d.lang]||L.en;var mv=view(d),g=null;mv.games.forEach(function(x){if(!x.d.over||!g)g=x});
$("name-a").textContent=d.names[0];$("name-b").textContent=d.names[1];
var fa=g?g.d.final:[0,0];$("total-a").textContent=fa[0];$("total-b").textContent=fa[1];
$("state").textContent=(g?f(T[0],g.number,g.target):f(T[0],1,d.target))+" \u00b7 "+f(T[3],d.hands.length);
$("line").textContent=f(T[1],d.games_won[0],d.games_won[1],d.net[0],d.net[1])+" \u00b7 "+f(T[2],nm(mv,d.next_dealer));
$("save-html").textContent=T[6];$("save-csv").textContent=T[7];
document.body.setAttribute("data-hands",d.hands.length);document.body.setAttribute("data-renders",++renders);document.body.setAttribute("data-v",d.v);
$("club").innerHTML=club(d.club);$("sheet").innerHTML=match(mv)}
function merge(c,d){if(d.from){d.hands=c.hands.slice(0,d.from).concat(d.hands);d.games=c.games.slice(0,d.games_from).concat(d.games)}return d}
function poll(){
fetch("/api/version",{cache:"no-store"}).then(function(r){return r.json()}).then(function(j){
if(j.v===ver)return;return fetch("/api/match"+(cur?"?from="+cur.hands.length+"&v="+ver:""),{cache:"no-store"}).then(function(r){return r.json()}).then(function(d){ver=d.v;show(merge(cur,d))})
}).catch(function(){$("state").textContent=T[cur?5:4]}).then(function(){setTimeout(poll,1000)})}
if(typeof document!=="undefined"){
$("save-html").onclick=function(){if(cur)save("score-sheet.html","text/html",sheet(view(cur),new Date(Date.now()-6e4*new Date().getTimezoneOffset()).toISOString().slice(0,16).replace("T"," ")))};
$("save-csv").onclick=function(){if(cur)save("hands.csv","text/csv",csv(view(cur)))};
$("state").textContent=T[4];poll()}
</script></body></html>
"""

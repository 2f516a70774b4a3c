// Find 6-turn exact cycles (B,W,B,W,B,W; Black passes once for a ko ban, White never)
// in a WxH corner region bordered on the right and bottom by an uncapturable black frame.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static int W,H,GW,GH,N;
#define EMPTY 0
#define BLACK 1
#define WHITE 2
typedef struct {int owner,q,s;} Ban;
typedef struct {signed char c[64]; Ban ban[6]; int nb;} St;
static int nbr[64][4], nn[64];
static int isframe(int i){int x=i%GW,y=i/GW;return x==W||y==H;}
static int mark[64],stamp=0;
// returns liberties count (capped), sets size; infinite -> 99
static int libs(const St*s,int p,int*size,int*lib1){
  int col=s->c[p];int st[64],sp=0,sz=0,nl=0;stamp++;int lm[64];memset(lm,0,sizeof lm);
  st[sp++]=p;mark[p]=stamp;int inf=0;
  while(sp){int v=st[--sp];sz++;if(isframe(v))inf=1;
    for(int k=0;k<nn[v];k++){int u=nbr[v][k];
      if(s->c[u]==EMPTY){if(!lm[u]){lm[u]=1;nl++;if(lib1)*lib1=u;}}
      else if(s->c[u]==col&&mark[u]!=stamp){mark[u]=stamp;st[sp++]=u;}}}
  if(size)*size=sz; if(inf)return 99; return nl;}
static int removestr(St*s,int p){int col=s->c[p];int st[64],sp=0,n=0;st[sp++]=p;s->c[p]=EMPTY;
  while(sp){int v=st[--sp];n++;for(int k=0;k<nn[v];k++){int u=nbr[v][k];if(s->c[u]==col){s->c[u]=EMPTY;st[sp++]=u;}}}return n;}
static int banned(const St*s,int col,int p){for(int i=0;i<s->nb;i++)if(s->ban[i].owner==col&&s->ban[i].q==p)return 1;return 0;}
static void cleanbans(St*s){int j=0;for(int i=0;i<s->nb;i++){Ban b=s->ban[i];int ok=1;
  if(s->c[b.q]!=EMPTY)ok=0; else if(s->c[b.s]!=3-b.owner)ok=0; else {int sz,l1=-1;int l=libs(s,b.s,&sz,&l1);if(sz!=1||l!=1||l1!=b.q)ok=0;}
  if(ok)s->ban[j++]=b;}s->nb=j;}
// play: returns captured count or -1 illegal
static int play(St*s,int p,int col){if(s->c[p]!=EMPTY||isframe(p))return -1;if(banned(s,col,p))return -1;
  s->c[p]=col;int cap=0,capp=-1;
  for(int k=0;k<nn[p];k++){int u=nbr[p][k];if(s->c[u]==3-col){int sz;int l=libs(s,u,&sz,NULL);if(l==0){cap+=removestr(s,u);capp=u;}}}
  int sz,l1=-1;int l=libs(s,p,&sz,&l1);if(l==0)return -1;
  if(cap==1&&sz==1&&l==1&&l1==capp){ if(s->nb<6){s->ban[s->nb].owner=3-col;s->ban[s->nb].q=capp;s->ban[s->nb].s=p;s->nb++;} }
  cleanbans(s);return cap;}
static St start; static int seqm[6]; static long found=0;
static int sameban(const St*a,const St*b){if(a->nb!=b->nb)return 0;for(int i=0;i<a->nb;i++){int f=0;for(int j=0;j<b->nb;j++)if(a->ban[i].owner==b->ban[j].owner&&a->ban[i].q==b->ban[j].q&&a->ban[i].s==b->ban[j].s)f=1;if(!f)return 0;}return 1;}
static void name(int p,char*buf){if(p<0){strcpy(buf,"pass");return;}int x=p%GW,y=p/GW;buf[0]="ABCDEFGHJKLMNOPQRST"[x];sprintf(buf+1,"%d",GH-y);}
static void printst(const St*s){for(int y=0;y<GH;y++){for(int x=0;x<GW;x++){int c=s->c[y*GW+x];putchar(c==0?'.':c==1?'X':'O');putchar(' ');}putchar('\n');}}
static int onlyfirst=1; static int gotone;
static void dfs(St*s,int ply,int bp,int bcap,int wcap){
  if(onlyfirst&&gotone)return;
  if(ply==6){ if(bp==1&&memcmp(s->c,start.c,N)==0&&sameban(s,&start)){found++;gotone=1;
      printf("CYCLE bans0=%d:",start.nb);for(int i=0;i<start.nb;i++){char b1[8],b2[8];name(start.ban[i].q,b1);name(start.ban[i].s,b2);printf(" %s@%s(by %s)",start.ban[i].owner==1?"B":"W",b1,b2);}
      printf("\n");printst(&start);for(int i=0;i<6;i++){char b[8];name(seqm[i],b);printf("%s ",b);}printf("\n\n");}
    return;}
  // prune by diff
  int diff=0;for(int i=0;i<N;i++)if(s->c[i]!=start.c[i])diff++;
  int remPl=0;for(int t=ply;t<6;t++)remPl++; int cap=remPl+(3-bcap)+(2-wcap);if(diff>cap)return;
  int col=(ply%2==0)?BLACK:WHITE;
  for(int p=0;p<N;p++){if(isframe(p)||s->c[p]!=EMPTY)continue;St t=*s;int c=play(&t,p,col);if(c<0)continue;
    int nb=bcap,nw=wcap;if(col==BLACK)nb+=c;else nw+=c;if(nb>3||nw>2)continue;seqm[ply]=p;dfs(&t,ply+1,bp,nb,nw);}
  if(col==BLACK&&bp==0){for(int i=0;i<s->nb;i++)if(s->ban[i].owner==BLACK){St t=*s;t.ban[i]=t.ban[--t.nb];seqm[ply]=-1;dfs(&t,ply+1,1,bcap,wcap);}}
}
int main(int argc,char**argv){W=atoi(argv[1]);H=atoi(argv[2]);GW=W+1;GH=H+1;N=GW*GH;
  for(int i=0;i<N;i++){int x=i%GW,y=i/GW;nn[i]=0;int d[4][2]={{1,0},{-1,0},{0,1},{0,-1}};for(int k=0;k<4;k++){int a=x+d[k][0],b=y+d[k][1];if(a>=0&&a<GW&&b>=0&&b<GH)nbr[i][nn[i]++]=b*GW+a;}}
  int R=W*H;long tot=1;for(int i=0;i<R;i++)tot*=3;
  int reg[64],r=0;for(int i=0;i<N;i++)if(!isframe(i))reg[r++]=i;
  for(long code=0;code<tot;code++){St s;memset(&s,0,sizeof s);long c=code;
    for(int i=0;i<N;i++)if(isframe(i))s.c[i]=BLACK;
    for(int i=0;i<R;i++){s.c[reg[i]]=c%3;c/=3;}
    // legality: all strings have liberties
    int ok=1;int ne=0;for(int i=0;i<R;i++){int p=reg[i];if(s.c[p]==EMPTY){ne++;continue;}int l=libs(&s,p,NULL,NULL);if(l==0){ok=0;break;}}
    if(!ok||ne<2)continue;
    // candidate start ban sets: none, or one ban from a ko shape
    St cands[64];int nc=0;cands[nc++]=s;
    for(int i=0;i<R;i++){int p=reg[i];if(s.c[p]==EMPTY)continue;int sz,l1=-1;int l=libs(&s,p,&sz,&l1);if(sz==1&&l==1){St t=s;t.nb=1;t.ban[0].owner=3-s.c[p];t.ban[0].q=l1;t.ban[0].s=p;cands[nc++]=t;}}
    for(int k=0;k<nc;k++){start=cands[k];gotone=0;St t=start;dfs(&t,0,0,0,0);}
  }
  fprintf(stderr,"found %ld\n",found);}

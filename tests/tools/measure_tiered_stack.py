# Measures an emulated tiered stack, grid plus held-out configurations, for tests/data/measured
# (see the README there). `python3 measure_tiered_stack.py [STACK]`, STACK one of:
# - tiered-512m (default): tiered-512m-cache.csv, unlike fio-tiered (512 MiB cache, array
#   throttled to 60 MiB/s and 800 IOPS), volume on a loop device over the array;
# - pagecache-2g: pagecache-2g.csv, a file server's page cache over a real disk: a 2 GiB cache in
#   front of the VM's own virtio disk (ext4 root, its scheduler), nothing throttled; the same
#   design with every file-set size 4 times tiered-512m's (the cache's ratio).
# fio is driven directly, not through `iolens-cli measure`, because the stack needs what the
# harness does not do: fio inside a memory cgroup, invalidate=0, and a warm-up read per file-set
# block. Run as root after setting the stack up; for tiered-512m:
#   truncate -s 14G array.img; A=$(losetup --direct-io=on -f --show array.img)
#   mkfs.ext4 -q $A; mount -o noatime $A /work/3rd/array
#   truncate -s 10G /work/3rd/array/volume.img
#   B=$(losetup --direct-io=on -f --show /work/3rd/array/volume.img)
#   mkfs.ext4 -q $B; mount -o noatime $B /work/3rd/vol
#   echo "MAJ:MIN 62914560" > /sys/fs/cgroup/blkio/blkio.throttle.{read,write}_bps_device (of $A)
#   echo "MAJ:MIN 800" > /sys/fs/cgroup/blkio/blkio.throttle.{read,write}_iops_device
#   mkdir /sys/fs/cgroup/memory/iolens3; echo 512M > .../memory.limit_in_bytes
# for pagecache-2g: mkdir -p /work/4th/vol /sys/fs/cgroup/memory/iolens4;
#   echo 2G > /sys/fs/cgroup/memory/iolens4/memory.limit_in_bytes
# Results append to OUT/results.jsonl, so a rerun resumes; OUT/third.csv is written at the end.
import json, os, random, subprocess, sys, csv, time
K=1024; M=K*K
STACK=sys.argv[1] if len(sys.argv)>1 else 'tiered-512m'
# scale: file-set sizes x this; dirty: vm.dirty_bytes (a 2 GiB machine's default 20 % for the
# page cache); warm: files read per block before its runs.
def vda_scheduler(): return open('/sys/block/vda/queue/scheduler').read().split('[')[1].split(']')[0]
VOL,OUT,CG,SCALE,DIRTY,WARM,SCHED={
  'tiered-512m':lambda:('/work/3rd/vol','/work/3rd/out','/sys/fs/cgroup/memory/iolens3',1,32*M,64,'none'),
  'pagecache-2g':lambda:('/work/4th/vol','/work/4th/out','/sys/fs/cgroup/memory/iolens4',4,400*M,256,
                         vda_scheduler()),
}[STACK]()
def size(s): return int(s[:-1])*(M if s[-1]=='M' else K*M if s[-1]=='G' else K)
def scaled(fs):
  b=size(fs)*SCALE
  return f'{b//(K*M)}G' if b%(K*M)==0 else f'{b//M}M'
grid=[]
for fs in ['128M','512M','2G']:
  for bs in ['4k','16k','64k']:
    for pat in ['random','sequential']:
      for r in [0,50,100]:
        grid.append((fs,bs,pat,r,'grid',0))
interp=[(fs,)+c for fs in ['256M','1G'] for c in [('8k',50,'random'),('32k',75,'sequential'),('16k',25,'random'),('8k',100,'random'),('32k',0,'random')]]
interp+=[('128M','8k',75,'random'),('2G','32k',25,'random'),('512M','8k',50,'sequential'),('2G','8k',100,'random')]
extrap=[('4G','16k',50,'random'),('4G','4k',100,'random'),('4G','64k',0,'sequential'),('4G','8k',75,'random'),
        ('64M','16k',50,'random'),('64M','4k',100,'random'),('512M','128k',50,'random'),('2G','128k',100,'random'),
        ('128M','128k',0,'sequential'),('2G','2k',50,'random'),('128M','2k',100,'random')]
held=[(fs,bs,pat,r,'interp',0) for fs,bs,r,pat in interp]+[(fs,bs,pat,r,'extrap',0) for fs,bs,r,pat in extrap]
rnd=random.Random(7)
reps=[c for c in rnd.sample(grid,6)]
runs=grid+held+[(fs,bs,pat,r,'repeat',k) for (fs,bs,pat,r,_,_) in reps for k in (1,2)]
runs=[(scaled(c[0]),)+c[1:] for c in runs]
order=[scaled(fs) for fs in ['64M','128M','256M','512M','1G','2G','4G']]
os.makedirs(OUT,exist_ok=True)
def files(fs):
  d=f'{VOL}/fs{fs}'; n=size(fs)//(16*M)
  os.makedirs(d,exist_ok=True)
  names=[f'{d}/f{i:04d}' for i in range(n)]
  for p in names:
    if not os.path.exists(p) or os.path.getsize(p)!=16*M:
      with open(p,'wb') as f:
        f.write(os.urandom(16*M))
  subprocess.run(['sync'])
  return names
def incg(cmd): return ['sh','-c',f'echo $$ > {CG}/cgroup.procs; exec "$@"','sh']+cmd
done=set()
res=f'{OUT}/results.jsonl'
if os.path.exists(res):
  for l in open(res): done.add(tuple(json.loads(l)['key']))
# The machine's dirty limits come back at the end (writing dirty_ratio clears dirty_bytes).
dirty_before={k:open(f'/proc/sys/vm/{k}').read().strip() for k in ('dirty_bytes','dirty_ratio')}
open('/proc/sys/vm/dirty_bytes','w').write(str(DIRTY))
for fs in order:
  block=[c for c in runs if c[0]==fs and tuple(map(str,c)) not in done]
  if not block: continue
  names=files(fs)
  subprocess.run(['sync']); open('/proc/sys/vm/drop_caches','w').write('3')
  subprocess.run(incg(['cat']+names[:WARM]),stdout=subprocess.DEVNULL)  # warm-up: up to twice the cache
  rnd.shuffle(block)
  for c in block:
    fsz,bs,pat,r,split,rep=c
    cmd=['fio','--name=w','--ioengine=psync','--direct=0','--invalidate=0','--numjobs=16','--thread',
         '--group_reporting','--time_based','--ramp_time=2','--runtime=5',
         f'--rw={("randrw" if pat=="random" else "rw") if 0<r<100 else ("rand" if pat=="random" else "")+("read" if r==100 else "write")}',f'--rwmixread={r}',f'--bs={bs}',
         '--file_service_type=random','--norandommap','--randrepeat=0','--filesize=16M',
         '--output-format=json']
    # fio takes at most 4096 characters of file names (1,024 files of 16 GiB): beyond, the folder.
    listed=':'.join(os.path.basename(n) for n in names)
    cmd+=(['--directory='+os.path.dirname(names[0]),'--filename='+listed] if len(listed)<4000
          else ['--opendir='+os.path.dirname(names[0])])
    t=time.time()
    try:
      p=subprocess.run(incg(cmd),capture_output=True,text=True,timeout=20)
    except subprocess.TimeoutExpired:
      subprocess.run(['pkill','-9','-x','fio']); print('HUNG',c,flush=True); continue
    subprocess.run(['sync'])
    if p.returncode!=0: print('FAIL',c,p.stderr[:300],flush=True); continue
    j=json.loads(p.stdout[p.stdout.index('{'):])['jobs'][0]
    row={'key':list(map(str,c)),'scheduler':SCHED,'fileset_bytes':size(fsz),'request_bytes':size(bs),
         'pattern':pat,'read_pct':r,'threads':16,'vms':1,'rep':rep,'split':split}
    for d in ('read','write'):
      x=j[d]; has=(r>0) if d=='read' else (r<100)
      row[f'rt_{d}_ms']=x['clat_ns']['mean']/1e6 if has else ''
      row[f'tp_{d}_mbs']=x['bw']/1024 if has else ''
      row[f'iops_{d}']=x['iops'] if has else ''
      row[f'rt_{d}_p99_ms']=x['clat_ns'].get('percentile',{}).get('99.000000',0)/1e6 if has else ''
    open(res,'a').write(json.dumps(row)+'\n')
    print(f'{time.time()-t:.1f}s',c,row['rt_read_ms'],row['rt_write_ms'],flush=True)
restore='dirty_bytes' if dirty_before['dirty_bytes']!='0' else 'dirty_ratio'
open(f'/proc/sys/vm/{restore}','w').write(dirty_before[restore])
cols='scheduler,fileset_bytes,request_bytes,pattern,read_pct,threads,vms,rt_read_ms,rt_write_ms,tp_read_mbs,tp_write_mbs,iops_read,iops_write,rt_read_p99_ms,rt_write_p99_ms,rep,split'.split(',')
rows=[json.loads(l) for l in open(res)]
with open(f'{OUT}/third.csv','w',newline='') as f:
  w=csv.DictWriter(f,cols,extrasaction='ignore'); w.writeheader(); [w.writerow(x) for x in rows]
print('done',len(rows))

#!/usr/bin/env python3
"""kakunin judge on sgfmill's re-serialisation of kakunin's SGF output:
the verdict must equal kakunin's own re-read (.rt.json)."""
import glob, json, os, subprocess, sys
out = sys.argv[1]
n = bad = 0
for f in sorted(glob.glob(os.path.join(out, '*.sgf.sgfmill.sgf'))):
    tag = f[:-len('.sgf.sgfmill.sgf')]
    res = json.load(open(tag + '.result.json'))
    if not os.path.exists(tag + '.rt.json'):
        continue
    env = dict(os.environ, RAYON_NUM_THREADS='1')
    p = subprocess.run(['timeout', '120', '/tmp/kakunin-h4', 'judge', '--format', 'json'] + res['args'] + [f],
                       capture_output=True, text=True, env=env)
    n += 1
    if p.returncode:
        print(f, 'FAILED', p.stderr.strip()[:300]); bad += 1; continue
    A = json.loads(open(tag + '.rt.json').read()); B = json.loads(p.stdout)
    for k in ('overlay', 'score'):
        if A[k] != B[k]:
            print(f, 'differs in', k); bad += 1
    if sorted((s['color'], s['stones'], s['status']) for s in A['strings']) != sorted((s['color'], s['stones'], s['status']) for s in B['strings']):
        print(f, 'differs in strings'); bad += 1
print('re-read', n, 'problems', bad)

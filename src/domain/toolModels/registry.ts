import type { ToolModel } from './modelTypes.js';
import { curlModel } from './tools/curl.js';
import { awkModel } from './tools/awk.js';
import { bzip2Model, gzipModel, xzModel, zstdModel } from './tools/compressors.js';
import { cpModel, installModel, lnModel, mvModel } from './tools/copyMove.js';
import { dateModel } from './tools/date.js';
import { diffModel } from './tools/diff.js';
import { bzcatModel, columnModel, hexdumpModel, odModel, stringsModel, xzcatModel, zcatModel } from './tools/dumps.js';
import {
  basenameModel,
  dfModel,
  dirnameModel,
  duModel,
  fileModel,
  lsModel,
  nameToolsModel,
  readlinkModel,
  statModel,
  wcModel,
} from './tools/fileInfo.js';
import { findModel } from './tools/find.js';
import { gitModel } from './tools/git/gitModel.js';
import { ghModel } from './tools/gh.js';
import { kubectlModel } from './tools/kubectl.js';
import { dockerModel } from './tools/docker.js';
import { grepModel } from './tools/grep.js';
import { headModel, tailModel } from './tools/headTail.js';
import { iconvModel } from './tools/iconv.js';
import { ipModel } from './tools/ip.js';
import { jqModel } from './tools/jq.js';
import { pgrepModel, psModel } from './tools/processes.js';
import { rgModel } from './tools/ripgrep.js';
import { digModel, hostModel, nslookupModel, pingModel, tracerouteModel } from './tools/probes.js';
import { ifconfigModel, lsofModel, netstatModel, ssModel } from './tools/sockets.js';
import { sedModel } from './tools/sed.js';
import { sortModel } from './tools/sort.js';
import {
  mkdirModel,
  mktempModel,
  rmdirModel,
  rmModel,
  teeModel,
  touchModel,
  truncateModel,
  unlinkModel,
} from './tools/makeRemove.js';
import { opensslModel } from './tools/openssl.js';
import { chgrpModel, chmodModel, chownModel } from './tools/owners.js';
import { sshKeygenModel } from './tools/sshKeygen.js';
import {
  freeModel,
  getconfModel,
  helpOnlyModel,
  hostnameModel,
  idModel,
  localeModel,
  lookModel,
  lsblkModel,
  lscpuModel,
  nprocModel,
  ttyModel,
  unameModel,
  uptimeModel,
  whereisModel,
  whichModel,
} from './tools/systemInfo.js';
import {
  b2sumModel,
  base64Model,
  catModel,
  cksumModel,
  cmpModel,
  commModel,
  cutModel,
  fmtModel,
  foldModel,
  joinModel,
  nlModel,
  numfmtModel,
  pasteModel,
  revModel,
  seqModel,
  sumsModel,
  tacModel,
  trModel,
  tsortModel,
} from './tools/textFilters.js';
import { tarModel } from './tools/tar.js';
import { treeModel } from './tools/tree.js';
import { uniqModel } from './tools/uniq.js';
import { wgetModel } from './tools/wget.js';
import { xxdModel } from './tools/xxd.js';
import { zipModel } from './tools/zip.js';
import { aptCacheModel, aptModel, dpkgModel, dpkgQueryModel } from './tools/apt.js';
import { pipModel } from './tools/pip.js';
import { aptGetModel } from './tools/aptGet.js';
import { fdiskModel, partedModel, sfdiskModel } from './tools/disks.js';
import { agModel } from './tools/ag.js';
import { unzipModel, zipinfoModel } from './tools/unzip.js';
import { journalctlModel, systemctlModel } from './tools/systemd.js';
import { npmModel } from './tools/npm.js';

/** Every option model; one entry per file or family (tools/*.ts). */
export const TOOL_MODELS: readonly ToolModel[] = [
  sortModel,
  uniqModel,
  iconvModel,
  xxdModel,
  grepModel,
  diffModel,
  jqModel,
  dateModel,
  findModel,
  treeModel,
  rgModel,
  psModel,
  pgrepModel,
  catModel,
  tacModel,
  revModel,
  nlModel,
  foldModel,
  fmtModel,
  pasteModel,
  cutModel,
  trModel,
  joinModel,
  commModel,
  cmpModel,
  seqModel,
  base64Model,
  tsortModel,
  numfmtModel,
  sumsModel,
  b2sumModel,
  cksumModel,
  headModel,
  tailModel,
  wcModel,
  duModel,
  dfModel,
  lsModel,
  statModel,
  fileModel,
  nameToolsModel,
  readlinkModel,
  basenameModel,
  dirnameModel,
  odModel,
  hexdumpModel,
  columnModel,
  stringsModel,
  zcatModel,
  bzcatModel,
  xzcatModel,
  hostnameModel,
  whichModel,
  whereisModel,
  idModel,
  helpOnlyModel,
  unameModel,
  nprocModel,
  uptimeModel,
  freeModel,
  localeModel,
  getconfModel,
  ttyModel,
  lookModel,
  lsblkModel,
  lscpuModel,
  sshKeygenModel,
  opensslModel,
  tarModel,
  curlModel,
  wgetModel,
  gitModel,
  ghModel,
  kubectlModel,
  dockerModel,
  ipModel,
  ssModel,
  netstatModel,
  lsofModel,
  ifconfigModel,
  pingModel,
  tracerouteModel,
  digModel,
  hostModel,
  nslookupModel,
  sedModel,
  awkModel,
  gzipModel,
  bzip2Model,
  xzModel,
  zstdModel,
  zipModel,
  cpModel,
  mvModel,
  installModel,
  lnModel,
  rmModel,
  rmdirModel,
  unlinkModel,
  mkdirModel,
  mktempModel,
  touchModel,
  teeModel,
  truncateModel,
  chmodModel,
  chownModel,
  chgrpModel,
  pipModel,
  aptModel,
  aptCacheModel,
  aptGetModel,
  fdiskModel,
  sfdiskModel,
  partedModel,
  dpkgModel,
  dpkgQueryModel,
  unzipModel,
  zipinfoModel,
  agModel,
  systemctlModel,
  journalctlModel,
  npmModel,
];

/** Command name ⇒ its model. A command listed twice is a programming error, caught by the table test. */
export const MODEL_BY_COMMAND: ReadonlyMap<string, ToolModel> = new Map(
  TOOL_MODELS.flatMap((m) => m.commands.map((c) => [c, m] as const)),
);

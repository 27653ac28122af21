#!/bin/bash
# The layers of the house (docs/architecture.md, "What each layer may include"):
# - store/ owns the database library and http/ the network library: a file under host/src outside
#   store/ that includes <Poco/Data...> or names Poco::Data fails, and so does one outside http/
#   that includes <Poco/Net...> or names Poco::Net. Only code counts: `//` comments may name them.
#   An allow-listed file that no longer needs its entry fails too, so the lists only shrink.
# - The layers point one way: a folder includes only the project folders listed in `layers`.
# - Inside app/, the features point one way too: a feature folder includes only the features
#   listed in `features` (docs/architecture.md, "app/ by feature"); app/'s own top-level headers
#   (ErrorKind.h) include no feature.
# - The SDK's headers (<finimport/...>) are included only where the SDK is the boundary: plugin/,
#   sandbox/, and domain/ headers that wrap them for the rest of the host (domain/TextFormats.h).
set -uo pipefail
root=${1:?usage: layer_includes.sh REPO_ROOT}
cd "$root/host/src" || exit 1

# Files outside store/ that use Poco::Data, each with its reason: none (they take the opaque
# store::Tx of store/Tx.h and pass it on to store/ functions).
data_allowed=(
)

# Files outside http/ that use Poco::Net, each with its reason: none (server/ wires http/ objects
# without naming the network library).
net_allowed=(
)

# Folder -> the host/src folders its files may include (its own first).
declare -A layers=(
  [domain]="domain"
  [store]="store domain"
  [plugin]="plugin domain"
  [jobs]="jobs store domain"
  [app]="app plugin store jobs domain"
  [http]="http app plugin store jobs domain"
  [server]="server http app plugin store jobs domain"
  [cli]="cli server app plugin store jobs domain"
  [sandbox]="sandbox plugin"
)

# app/ feature -> the features its files may include (its own first). A feature missing here fails.
# rows/ (a row as a type) is the bottom: it includes no feature.
declare -A features=(
  [rows]="rows"
  [imports]="imports rows"
  [rules]="rules"
  [ledger]="ledger rules"
  [publish]="publish imports rules rows"
  [backup]="backup publish imports rules rows"
  [recurring]="recurring imports rows"
  [auth]="auth"
  [requests]="requests backup publish imports rules rows"
)
# Folders whose files may include the SDK's headers.
sdk_allowed="plugin sandbox domain"

# One awk pass over every source file (a fork per file took longer than the test's timeout on a
# loaded machine). It prints "data FILE", "net FILE" and "include FILE FOLDER" facts; `//`
# comments are dropped first, so comments may name the libraries (they explain).
facts=$(find . -type f \( -name '*.h' -o -name '*.hpp' -o -name '*.c' -o -name '*.cpp' \) |
  sed 's:^\./::' | sort | xargs awk '
  FNR == 1 { file = FILENAME }
  {
    line = $0
    sub(/\/\/.*$/, "", line)
    if (line ~ /#[[:space:]]*include[[:space:]]*[<"]Poco\/Data/ || line ~ /Poco::Data([^A-Za-z0-9_]|$)/) data[file] = 1
    if (line ~ /#[[:space:]]*include[[:space:]]*[<"]Poco\/Net/ || line ~ /Poco::Net([^A-Za-z0-9_]|$)/) net[file] = 1
    if (line ~ /#[[:space:]]*include[[:space:]]*[<"]Poco\/Data/) dataHeader[file] = 1
    if (line ~ /^[[:space:]]*#[[:space:]]*include[[:space:]]*<finimport\//) sdk[file] = 1
    if (match(line, /^[[:space:]]*#[[:space:]]*include[[:space:]]*"app\/[a-z]+\//)) {
      feature = substr(line, RSTART, RLENGTH - 1)
      sub(/^.*"app\//, "", feature)
      appUses[file " " feature] = 1
    }
    if (match(line, /^[[:space:]]*#[[:space:]]*include[[:space:]]*"[a-z]+\//)) {
      inc = substr(line, RSTART, RLENGTH - 1)
      sub(/^.*"/, "", inc)
      uses[file " " inc] = 1
      path = line
      sub(/^[^"]*"/, "", path)
      sub(/".*$/, "", path)
      paths[file " " path] = 1
    }
  }
  END {
    for (f in data) print "data " f
    for (f in net) print "net " f
    for (k in uses) print "include " k
    for (f in dataHeader) print "dataheader " f
    for (f in sdk) print "sdk " f
    for (k in appUses) print "feature " k
    for (k in paths) print "path " k
  }')

declare -A dataUsers netUsers isAllowed bound
storeIncludes=() outsideIncludes=()
for f in "${data_allowed[@]}"; do isAllowed["data $f"]=1; done
for f in "${net_allowed[@]}"; do isAllowed["net $f"]=1; done

fail=0
while read -r kind file folder; do
  [ -n "$kind" ] || continue
  top=${file%%/*}
  case $kind in
  data)
    dataUsers[$file]=1
    [ "$top" = store ] || [ -n "${isAllowed["data $file"]-}" ] ||
      { echo "$file: Poco::Data outside store/ (give store/ a function for it)"; fail=1; }
    ;;
  net)
    netUsers[$file]=1
    [ "$top" = http ] || [ -n "${isAllowed["net $file"]-}" ] ||
      { echo "$file: Poco::Net outside http/ (the network stays in http/)"; fail=1; }
    ;;
  dataheader)
    bound[$file]=1
    ;;
  sdk)
    [[ " $sdk_allowed " == *" $top "* ]] ||
      { echo "$file: includes an SDK header (<finimport/...>) outside $sdk_allowed (wrap it in domain/)"; fail=1; }
    ;;
  feature)
    [ "$top" = app ] || continue
    rest=${file#app/}
    if [[ $rest != */* ]]; then
      echo "$file: app/'s top-level header includes the feature $folder/ (it must include none)"; fail=1
      continue
    fi
    own=${rest%%/*}
    allowedFeatures=${features[$own]-}
    if [ -z "$allowedFeatures" ]; then
      echo "$file: app feature $own/ has no entry in features"; fail=1
    elif [[ " $allowedFeatures " != *" $folder "* ]]; then
      echo "$file: includes app/$folder/ (allowed for app/$own/: $allowedFeatures)"; fail=1
    fi
    ;;
  path)
    [ "$top" = store ] && storeIncludes+=("$file $folder")
    [ "$top" != store ] && [[ $folder == store/* ]] && outsideIncludes+=("$file $folder")
    ;;
  include)
    [ "$top" != "$file" ] || continue # main.cpp composes everything
    allowed=${layers[$top]-}
    if [ -z "$allowed" ]; then
      echo "$file: folder $top/ has no entry in layers"; fail=1
    elif [[ " $allowed " != *" $folder "* ]]; then
      echo "$file: includes $folder/ (allowed for $top/: $allowed)"; fail=1
    fi
    ;;
  esac
done <<<"$facts"

# A store/ header that includes the database library, itself or through another store/ header
# (store/TxSession.h completes store::Tx as a Poco session), is store/'s own: a file outside
# store/ that includes it would see Poco::Data without naming it.
changed=1
while [ "$changed" = 1 ]; do
  changed=0
  for pair in "${storeIncludes[@]}"; do
    read -r from to <<<"$pair"
    if [ -n "${bound[$to]-}" ] && [ -z "${bound[$from]-}" ]; then bound[$from]=1; changed=1; fi
  done
done
for pair in "${outsideIncludes[@]}"; do
  read -r from to <<<"$pair"
  [ -n "${bound[$to]-}" ] &&
    { echo "$from: includes $to, which brings in Poco::Data (store/'s own header)"; fail=1; }
done

for f in "${data_allowed[@]}"; do
  [ -f "$f" ] && [ -z "${dataUsers[$f]-}" ] &&
    { echo "$f: no longer uses Poco::Data; remove it from data_allowed"; fail=1; }
done
for f in "${net_allowed[@]}"; do
  [ -f "$f" ] && [ -z "${netUsers[$f]-}" ] &&
    { echo "$f: no longer uses Poco::Net; remove it from net_allowed"; fail=1; }
done
for f in "${data_allowed[@]}" "${net_allowed[@]}"; do
  [ -f "$f" ] || { echo "$f: allow-listed but missing; remove the entry"; fail=1; }
done
exit "$fail"

# The accuracy tables' bases, sourced by the scripts that make them (docs/certified-table.sh,
# docs/part-validation-table.sh): `noisy BASE SEED` writes the truth t.csv and the noisy base
# n.csv into the working directory, and sets $pieces to the option the base needs. BASE is a
# synth preset, endall-interplay (endall with the interplay truth) or chess (the chess data with
# 35% of its rows noised). Needs $egkb.
table_chess=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/datasets/chess-syzygy-6men.csv
noisy() {
  pieces=""
  case $1 in
    chess) "$egkb" synth "$table_chess" --pieces chess --seed "$2" --rate 0.35 --truth t.csv \
             --out n.csv >/dev/null
           pieces="--pieces chess" ;;
    endall-interplay) "$egkb" synth --preset endall --truth-model interplay --seed "$2" \
                        --truth t.csv --out n.csv >/dev/null ;;
    *) "$egkb" synth --preset "$1" --seed "$2" --truth t.csv --out n.csv >/dev/null ;;
  esac
}

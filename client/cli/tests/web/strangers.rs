//! What a stranger (or a crowd of pages) cannot do to `tripot web`, over the real WebSocket and
//! raw TCP against the real binary: games started together keep a record each, a hundred
//! sockets asking the strongest computer leave other pages answered (and free their memory
//! when they close), a FIFO, a folder or a huge file named as a record never stalls or is read,
//! a thousand half-sent requests do not keep a page out, and the `--lan` token never reaches
//! the browser opener's command line.

use std::collections::BTreeSet;
use std::time::Instant;

use tokio::io::{AsyncReadExt, AsyncWriteExt};

use super::*;

/// A bound for liveness, not a measure: a page frozen by the others would never answer.
const ANSWERED_WITHIN: Duration = Duration::from_secs(10);

/// The next message within [`ANSWERED_WITHIN`].
async fn answered(socket: &mut Socket) -> Value {
    tokio::time::timeout(ANSWERED_WITHIN, next(socket)).await.expect("no answer within 10 s")
}

/// The server's resident memory in KiB (Linux's /proc), if known.
fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The bytes the server has read from files and sockets so far (Linux's /proc), if known.
fn bytes_read(pid: u32) -> Option<u64> {
    let io = std::fs::read_to_string(format!("/proc/{pid}/io")).ok()?;
    io.lines().find_map(|l| l.strip_prefix("rchar: "))?.trim().parse().ok()
}

/// Every legal move of the side to move in `position`, as notation.
fn moves_of(position: &tripot_engine::Position) -> Vec<(tripot_engine::Move, String)> {
    position.legal_moves().iter().map(|&mv| (mv, position.notation(mv).to_string())).collect()
}

#[tokio::test]
async fn fifty_games_started_together_from_pages_keep_fifty_records_of_their_own_moves() {
    let data = tempfile::tempdir().unwrap();
    let server = Server::start_in(false, data.path());
    let start = tripot_engine::Position::start(
        tripot_engine::Format::One,
        tripot_engine::Rules::Tripot,
        tripot_engine::Camp::A,
    );
    // Ten pages, five games each, every game its own two moves: (first move i, answer j).
    let firsts = moves_of(&start);
    assert!(firsts.len() >= 10);
    let mut expected = BTreeSet::new();
    let mut pages = Vec::new();
    for (first, first_text) in firsts.into_iter().take(10) {
        let answers: Vec<String> =
            moves_of(&start.play(first).unwrap()).into_iter().take(5).map(|(_, text)| text).collect();
        for answer in &answers {
            expected.insert(vec![first_text.clone(), answer.clone()]);
        }
        pages.push((first_text, answers));
    }
    let mut sockets = Vec::new();
    for _ in 0..pages.len() {
        sockets.push(page(&server).await);
    }
    let started = Instant::now();
    let games = sockets.into_iter().zip(pages).map(|(mut ws, (first, answers))| async move {
        for answer in answers {
            send(&mut ws, duel(["human", "human"], None)).await;
            state_where(&mut ws, "human").await;
            typed(&mut ws, &first).await;
            typed(&mut ws, &answer).await;
        }
        ws
    });
    let sockets = futures::future::join_all(games).await;
    eprintln!("50 games started and played in {:?}", started.elapsed());
    drop(sockets);
    let games = data.path().join("games");
    let files: Vec<PathBuf> = std::fs::read_dir(&games)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "tripot"))
        .collect();
    let shared_second =
        files.iter().filter(|p| p.file_stem().unwrap().to_string_lossy().matches('-').count() > 3);
    eprintln!(
        "{} files, {} of them named after a second another game took",
        files.len(),
        shared_second.count()
    );
    assert_eq!(files.len(), 50, "one record per game: {files:?}");
    let mut found = BTreeSet::new();
    for file in &files {
        // Read back by the one reader, every move verified.
        let saved = tripot_app::save_store::SaveStore::read_game(file).unwrap();
        let moves: Vec<String> = saved.record.moves().iter().map(|m| m.text.clone()).collect();
        assert!(found.insert(moves.clone()), "two files hold the same game {moves:?}");
    }
    assert_eq!(found, expected, "each game replays its own moves");
    // No temporary file is left beside them.
    let others: Vec<PathBuf> = std::fs::read_dir(&games)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_none_or(|e| e != "tripot"))
        .collect();
    assert!(others.is_empty(), "{others:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hundred_sockets_asking_for_the_strongest_computer_leave_other_pages_answered() {
    let server = Server::start(false);
    let pid = server.child.id();
    let before = rss_kib(pid);
    let origin = format!("http://127.0.0.1:{}", server.port);
    let game = play("new", json!({"game": "tripot", "players": ["human", "impossible"], "opener": 2}));
    let opens = (0..100).map(|_| {
        let (origin, base, port) = (origin.clone(), server.base.clone(), server.port);
        async move {
            let mut socket = tokio::time::timeout(ANSWERED_WITHIN, open_at(port, &base, Some(&origin)))
                .await
                .ok()?
                .ok()?;
            let first = tokio::time::timeout(ANSWERED_WITHIN, next(&mut socket)).await.ok()?;
            Some((socket, first))
        }
    });
    let mut admitted = Vec::new();
    let mut turned_away = 0;
    for opened in futures::future::join_all(opens).await {
        let (mut socket, first) = opened.expect("every socket is answered: served or turned away");
        match first["type"].as_str() {
            Some("hello") => {
                // Each asks the strongest computer for its opening move, then for a new game again.
                send(&mut socket, game.clone()).await;
                send(&mut socket, game.clone()).await;
                admitted.push(socket);
            }
            Some("busy") => {
                assert_eq!(first["what"], "pages", "{first}");
                turned_away += 1;
            }
            _ => panic!("unexpected first message {first}"),
        }
    }
    eprintln!("{} sockets served, {turned_away} turned away", admitted.len());
    assert!(turned_away > 0 && admitted.len() + turned_away == 100, "the sockets are bounded");
    // Another page is answered: turned away in words, since the served ones are all taken.
    let mut other = open(&server, Some(&origin)).await.unwrap();
    let first = answered(&mut other).await;
    assert!(first["type"] == "busy" || first["type"] == "hello", "{first}");
    // Every served page is answered too while the searches queue: its records, and the news
    // that its computer waits behind the others'.
    let mut told_busy = 0;
    for served in &mut admitted {
        send(served, json!({"type": "saves", "action": "list"})).await;
        let mut busy = false;
        loop {
            let message = answered(served).await;
            busy |= message["type"] == "busy" && message["what"] == "searches";
            if message["type"] == "records" {
                break;
            }
        }
        told_busy += usize::from(busy);
    }
    assert!(told_busy > 0, "no page was told its search waits behind others");
    tokio::time::sleep(Duration::from_secs(2)).await;
    let during = rss_kib(pid);
    for mut socket in admitted {
        let _ = socket.close(None).await;
    }
    // The places come back once the server has seen the sockets close.
    let mut page_again = None;
    for _ in 0..50 {
        let mut socket = open(&server, Some(&origin)).await.unwrap();
        if answered(&mut socket).await["type"] == "hello" {
            page_again = Some(socket);
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let mut ws = page_again.expect("a page is served again once the others closed");
    // The closed pages' searches were withdrawn: this one's computer answers (the two
    // searches already thinking end within their time).
    send(&mut ws, game.clone()).await;
    let reply = until(&mut ws, "moved").await;
    assert_eq!(reply["seat"], 1);
    drop(ws);
    tokio::time::sleep(Duration::from_secs(3)).await;
    let after = rss_kib(pid);
    eprintln!(
        "server RSS (KiB): {before:?} before, {during:?} with the sockets open, {after:?} after they closed"
    );
}

/// A `tripot web` whose games folder holds `make`'s files beside one good record.
fn server_with_games(data: &Path, make: impl FnOnce(&Path)) -> Server {
    let games = data.join("games");
    std::fs::create_dir_all(&games).unwrap();
    let mut record = tripot_engine::Record::new(
        tripot_engine::Format::One,
        tripot_engine::Rules::Tripot,
        tripot_engine::Camp::A,
    );
    record.push("l4-l5".parse().unwrap());
    std::fs::write(games.join("good.tripot"), record.to_string()).unwrap();
    make(&games);
    Server::start_in(false, data)
}

#[tokio::test]
async fn a_fifo_or_a_folder_named_as_a_record_is_skipped_and_never_stalls_the_list() {
    let data = tempfile::tempdir().unwrap();
    let mut made = true;
    let server = server_with_games(data.path(), |games| {
        std::fs::create_dir(games.join("folder.tripot")).unwrap();
        made = Command::new("mkfifo").arg(games.join("x.tripot")).status().is_ok_and(|s| s.success());
    });
    if !made {
        prerequisite_missing("a_fifo_or_a_folder_named_as_a_record_is_skipped", "mkfifo is missing");
        return;
    }
    let mut ws = page(&server).await;
    send(&mut ws, json!({"type": "saves", "action": "list"})).await;
    let list = answered(&mut ws).await;
    assert_eq!(list["type"], "records", "{list}");
    assert_eq!(list["records"].as_array().unwrap().len(), 1, "{list}");
    let skipped: BTreeSet<String> =
        list["skipped"].as_array().unwrap().iter().map(|s| s["file"].as_str().unwrap().to_owned()).collect();
    assert_eq!(skipped, BTreeSet::from(["folder.tripot".to_owned(), "x.tripot".to_owned()]), "{list}");
    assert!(list["skipped"][0]["reason"].as_str().unwrap().contains("not a regular file"), "{list}");
    // Neither is moved or changed: they are not the program's.
    assert!(data.path().join("games/x.tripot").exists() && data.path().join("games/folder.tripot").is_dir());
    // Another page is served meanwhile, and the list again.
    let mut other = page(&server).await;
    send(&mut other, json!({"type": "saves", "action": "list"})).await;
    assert_eq!(answered(&mut other).await["type"], "records");
}

#[tokio::test]
async fn a_200_mb_file_named_as_a_record_is_refused_without_being_read() {
    let data = tempfile::tempdir().unwrap();
    let server = server_with_games(data.path(), |games| {
        // Sparse: 200 MB long, nothing on the disk.
        std::fs::File::create(games.join("huge.tripot")).unwrap().set_len(200 << 20).unwrap();
    });
    let mut ws = page(&server).await;
    let Some(read_before) = bytes_read(server.child.id()) else {
        prerequisite_missing("a_200_mb_file_is_refused_without_being_read", "no /proc/PID/io on this system");
        return;
    };
    send(&mut ws, json!({"type": "saves", "action": "list"})).await;
    let list = answered(&mut ws).await;
    let read = bytes_read(server.child.id()).unwrap() - read_before;
    assert_eq!(list["records"].as_array().unwrap().len(), 1, "{list}");
    // Set aside as an unreadable record is (renamed, not rewritten), with its size as the reason.
    assert_eq!(list["moved"][0]["file"], "huge.tripot.corrupt", "{list}");
    assert!(list["moved"][0]["reason"].as_str().unwrap().contains("209715200 bytes"), "{list}");
    assert!(read < 1 << 20, "the list read {read} bytes");
}

#[tokio::test]
async fn a_thousand_half_sent_requests_do_not_keep_a_new_page_out() {
    let server = Server::start(false);
    let host = format!("127.0.0.1:{}", server.port);
    let mut held = Vec::new();
    for _ in 0..1000 {
        let Ok(Ok(mut stream)) =
            tokio::time::timeout(ANSWERED_WITHIN, TokioStream::connect(("127.0.0.1", server.port))).await
        else {
            break;
        };
        // A request head never finished.
        let _ = stream.write_all(format!("GET / HTTP/1.1\r\nHost: {host}\r\nX-Slow: ").as_bytes()).await;
        held.push(stream);
    }
    assert_eq!(held.len(), 1000, "the connections were accepted");
    let port = server.port;
    let page = tokio::task::spawn_blocking(move || get(port, "/", &format!("127.0.0.1:{port}")));
    let (status, body) =
        tokio::time::timeout(ANSWERED_WITHIN, page).await.expect("the page was kept out").unwrap();
    assert_eq!(status, 200);
    assert!(body.contains("<html"), "{body}");
    // The oldest half-sent ones were closed to make room.
    let mut oldest = held.swap_remove(0);
    let mut buffer = [0u8; 64];
    let closed = tokio::time::timeout(ANSWERED_WITHIN, oldest.read(&mut buffer)).await;
    assert!(matches!(closed, Ok(Ok(0)) | Ok(Err(_))), "the oldest connection is still held: {closed:?}");
}

#[cfg(target_os = "linux")]
#[test]
fn the_lan_token_is_never_on_the_browser_openers_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let bin = dir.path().join("bin");
    std::fs::create_dir(&bin).unwrap();
    let args = dir.path().join("args");
    // A stand-in for xdg-open: it writes down its arguments and the page it was given.
    let opener = bin.join("xdg-open");
    std::fs::write(
        &opener,
        format!(
            "#!/bin/sh\nprintf '%s\\n' \"$@\" > {0}.tmp\ncat \"$1\" > {0}.page\nmv {0}.tmp {0}\n",
            args.display()
        ),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt as _;
    std::fs::set_permissions(&opener, std::fs::Permissions::from_mode(0o755)).unwrap();
    let mut command = Command::new(env!("CARGO_BIN_EXE_tripot"));
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    command
        .args(["web", "--lan", "--port", "0"])
        .env("PATH", path)
        .env("TRIPOT_DATA_DIR", dir.path().join("data"));
    let server = Server::spawn(command);
    let token = server.base.trim_matches('/').to_owned();
    assert_eq!(token.len(), 32, "{}", server.base);
    for _ in 0..100 {
        if args.exists() {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let given = std::fs::read_to_string(&args).expect("the opener was started");
    assert!(!given.contains(&token), "the token is on the opener's command line: {given}");
    let file = PathBuf::from(given.trim());
    let page = std::fs::read_to_string(args.with_extension("page")).unwrap();
    assert!(page.contains(&format!("http://127.0.0.1:{}/{token}/", server.port)), "{page}");
    use std::os::unix::fs::MetadataExt as _;
    assert_eq!(std::fs::metadata(&file).unwrap().mode() & 0o777, 0o600, "{}", file.display());
}

/// Sixteen pages each get the strongest computer's move, then close, three times over: what
/// they held is given back. glibc's allocator keeps the freed tables resident after the first
/// round (its mmap threshold rises past their size) and hands them to the next pages, so the
/// second and third rounds are compared: a server that kept each closed page's computer
/// players would grow by some 400 MB a round. What the allocator keeps from one round to the
/// next varies by up to some 150 MB (measured from -49 to +148 MB), hence a 250 MB bound.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_that_close_leave_nothing_behind_round_after_round() {
    let server = Server::start(false);
    let pid = server.child.id();
    let Some(start) = rss_kib(pid) else {
        prerequisite_missing("pages_that_close_leave_nothing_behind", "no /proc/PID/status on this system");
        return;
    };
    let origin = format!("http://127.0.0.1:{}", server.port);
    let game = play("new", json!({"game": "tripot", "players": ["human", "impossible"], "opener": 2}));
    let mut afters = Vec::new();
    for round in 0..3 {
        let mut pages = Vec::new();
        for _ in 0..SERVED_AT_ONCE {
            let mut socket = open(&server, Some(&origin)).await.unwrap();
            assert_eq!(answered(&mut socket).await["type"], "hello", "round {round}: a place is free");
            send(&mut socket, game.clone()).await;
            pages.push(socket);
        }
        // Every page's computer has played: each built its search table.
        for socket in &mut pages {
            until(socket, "moved").await;
        }
        let during = rss_kib(pid).unwrap();
        for mut socket in pages {
            let _ = socket.close(None).await;
        }
        let after = settled_rss_kib(pid).await;
        eprintln!(
            "round {round}: server RSS {during} KiB with the pages open, {after} KiB after (start {start})"
        );
        afters.push(after);
    }
    let growth = afters[2].saturating_sub(afters[1]);
    assert!(growth < 250 << 10, "the server grew by {growth} KiB in a round: {afters:?}");
}

/// The server's resident size once the closed pages' tasks have ended: sampled every half
/// second from 3 s on until two samples agree within 1 MiB (at most 30 s). Under load the
/// closing sockets' tasks run late and a fixed wait measured pages still being given back.
async fn settled_rss_kib(pid: u32) -> u64 {
    tokio::time::sleep(Duration::from_secs(3)).await;
    let mut last = rss_kib(pid).unwrap();
    for _ in 0..54 {
        tokio::time::sleep(Duration::from_millis(500)).await;
        let now = rss_kib(pid).unwrap();
        if now.abs_diff(last) < 1 << 10 {
            return now;
        }
        last = now;
    }
    last
}

/// The pages one server serves at once (`server::MAX_SOCKETS`).
const SERVED_AT_ONCE: usize = 16;

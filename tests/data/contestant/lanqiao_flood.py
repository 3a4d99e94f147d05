while True:
    print("1" * 4096)
